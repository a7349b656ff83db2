import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The running data task of a request, so cancelling the Swift task cancels it.
final class TaskBox: Sendable {
    private let state = NSLock()
    nonisolated(unsafe) private var task: URLSessionTask?
    nonisolated(unsafe) private var cancelled = false

    func set(_ task: URLSessionTask) {
        state.lock()
        self.task = task
        let cancel = cancelled
        state.unlock()
        if cancel { task.cancel() }
    }

    func cancel() {
        state.lock()
        cancelled = true
        let task = self.task
        state.unlock()
        task?.cancel()
    }
}
