import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A thread that runs one body, and whose result the thread that started it can wait for.
///
/// Not shareable: start it and join it from one thread. The result travels through a
/// ``BoundedQueue``, the one primitive the threads of a run hand things over with.
package final class WorkerThread<Result: Sendable> {
    private let outcome = BoundedQueue<Result>(capacity: 1)
    private var joined: Result?

    /// Starts a thread named `name` running `body`; the system's thread takes the name's first
    /// 15 bytes (`top -H`, `/proc/PID/task/*/comm`, `Benchmarks/threads.sh`).
    package init(name: String, _ body: @escaping @Sendable () -> Result) {
        let outcome = self.outcome
        let thread = Thread {
            #if canImport(Glibc)
                nameSystemThread(name)
            #endif
            outcome.push(body())
            outcome.close()
        }
        thread.name = name
        thread.start()
    }

    /// Waits for the body to end and returns its result (again, on later calls).
    @discardableResult
    package func join() -> Result {
        if let joined { return joined }
        // The queue closes only after the body's result was pushed, so `pop` yields it.
        let result = outcome.pop()!
        joined = result
        return result
    }
}

#if canImport(Glibc)
    /// Names the calling thread for the system, as far as its 15 bytes go: Foundation keeps
    /// `Thread.name` to itself on Linux, and Glibc's module leaves out `pthread_setname_np`.
    private func nameSystemThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }
#endif
