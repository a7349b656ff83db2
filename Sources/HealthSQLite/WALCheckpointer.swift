import Dispatch
import GRDB
import HealthExport

/// Copies the write-ahead log into the store on a thread of its own while an import writes.
///
/// By default SQLite checkpoints on the committing connection: the import's writer thread then
/// read its log back, wrote the pages into the store and waited for the disk after every
/// transaction. The writer turns that off (``writerPragma``) and asks this thread after each
/// commit instead; a passive checkpoint blocks neither the writer nor the readers. Whatever it
/// has not copied when the run ends, the store's own last checkpoint copies.
final class WALCheckpointer {
    /// What the writer's connection runs before the import, and ``restorePragma`` after.
    static let writerPragma = "PRAGMA wal_autocheckpoint = 0"
    /// SQLite's default: a checkpoint once the log holds 1,000 pages.
    static let restorePragma = "PRAGMA wal_autocheckpoint = 1000"
    /// The log's length in pages from which ``restartIfLong(_:)`` restarts it by default: 1 GB
    /// of the store's 16 KB pages.
    static let defaultRestartPages = 65_536
    private let restartPages: Int
    /// How many times ``restartIfLong(_:)`` restarted the log.
    private(set) var restarts = 0

    /// The log's length in pages when the last checkpoint ended.
    private let logPages = Locked(0)

    /// Checkpoint requests, each with what to signal when a checkpoint after it has ended.
    private let requests = BoundedQueue<DispatchSemaphore?>(capacity: .max)
    private let thread: WorkerThread<Void>

    /// Opens a connection to the store at `path` and starts the thread; the writer restarts the
    /// log once it holds `restartPages`.
    init(path: String, restartPages: Int) throws {
        self.restartPages = restartPages
        // A checkpoint copies the log's frames without the page cache.
        let queue = try HealthStore.sideConnection(path: path, readOnly: false, cacheKibibytes: 256)
        let requests = requests
        let logPages = logPages
        thread = WorkerThread(name: "checkpoint") {
            defer { try? queue.close() }
            while let first = requests.pop() {
                // Requests made while a checkpoint ran are answered by the next one.
                var waiting = [first].compactMap { $0 }
                while let next = requests.popIfQueued() { if let next { waiting.append(next) } }
                defer { for ended in waiting { ended.signal() } }
                // A failed checkpoint (the disk full, say) leaves the frames to the next one, or
                // to the store's last; the writer's next commit fails on its own if it must.
                try? queue.writeWithoutTransaction { db in
                    if let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") {
                        logPages.store(row[1] ?? 0)
                    }
                }
            }
        }
    }

    /// Asks for a checkpoint of what is committed.
    func request() { _ = requests.push(nil) }

    /// Asks for a checkpoint of what is committed, and waits for it to end.
    func checkpoint() {
        let ended = DispatchSemaphore(value: 0)
        guard requests.push(ended) else { return }
        ended.wait()
    }

    /// Between two of the writer's transactions, on its connection `db`: once the log is long,
    /// checkpoints what is left of it, so that the next transaction writes the log from its start.
    ///
    /// SQLite restarts the log only when a transaction begins after every frame was copied, which
    /// passive checkpoints beside a writer that keeps appending never reach: the log, and the
    /// index SQLite maps for it, would grow with the import.
    func restartIfLong(_ db: Database) {
        guard logPages.load() >= restartPages else { return }
        logPages.store(0)
        // Busy (a reader or the passive checkpoint still running past the timeout) only skips it.
        let row = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(RESTART)")
        if let row, row[0] == 0 { restarts += 1 }
    }

    /// Waits for the last checkpoint asked for to end, and ends the thread.
    func finish() {
        requests.close()
        thread.join()
    }
}
