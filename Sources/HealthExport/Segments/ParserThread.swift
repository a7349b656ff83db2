#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread of its own.
///
/// The parsers wait on semaphores between segments. Dispatch's global queues keep about one
/// thread per core and add more only slowly when those block, so on two cores the parsers, the
/// read-ahead and the reader's caller would queue behind one another: each parser gets a real thread.
func startThread(_ body: @escaping () -> Void) {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(
        &thread, nil,
        { context in
            #if canImport(Darwin)
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #else
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, context)
    precondition(created == 0, "cannot start a thread: \(created)")
    #if canImport(Darwin)
    pthread_detach(thread!)
    #else
    pthread_detach(thread)
    #endif
}
