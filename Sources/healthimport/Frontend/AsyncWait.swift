#if PostgreSQL
    import Foundation

    /// Runs async work to its end from a synchronous command.
    enum AsyncWait {
        /// Waits for `work`; a Ctrl-C or SIGTERM meanwhile cancels it and, once it has ended, throws
        /// ``Interrupt/Requested`` (the command exits 130): the signal handler only sets a flag,
        /// which async work never reads, so the wait reads it for the work.
        static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
            let box = ResultBox<Value>()
            let done = DispatchSemaphore(value: 0)
            let task = Task {
                do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
                done.signal()
            }
            var interrupted = false
            while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                if !interrupted, Interrupt.isRequested {
                    interrupted = true
                    task.cancel()
                }
            }
            if interrupted, case .failure = box.result { throw Interrupt.Requested() }
            return try box.result!.get()
        }

        /// Written by the task before it signals, read after the wait.
        private final class ResultBox<Value: Sendable>: @unchecked Sendable {
            var result: Result<Value, any Error>?
        }
    }
#endif
