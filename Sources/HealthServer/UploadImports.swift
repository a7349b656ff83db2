#if PostgreSQL
import HealthExport
import ServiceLifecycle

/// The imports of resumable uploads this process runs, each in a task of its own (the request
/// that brought the last byte has been answered): one per upload at a time, and, on a graceful
/// shutdown, waited for (within the drain deadline) before the process ends.
final class UploadImports: Service, Sendable {
    private let running = Locked<[String: Task<Void, Never>]>([:])
    private let stopping = Locked(false)

    /// Whether the process is shutting down: imports not started yet stay for the next server.
    var isStopping: Bool { stopping.load() }

    /// Runs `body` for upload `id` unless this process runs one for it already (or is stopping).
    func start(_ id: String, _ body: @escaping @Sendable () async -> Void) {
        guard !isStopping else { return }
        running.withLock { tasks in
            guard tasks[id] == nil else { return }
            tasks[id] = Task.detached { [running] in
                await body()
                running.withLock { $0[id] = nil }
            }
        }
    }

    /// Waits for the graceful shutdown, then for the imports running.
    func run() async throws {
        try? await gracefulShutdown()
        stopping.store(true)
        for task in running.load().values { await task.value }
    }
}
#endif
