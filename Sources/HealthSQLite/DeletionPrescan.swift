import Foundation
import GRDB
import HealthCore
import HealthExport

/// The store's records for a run's deletion check, collected while the run reads: on a thread
/// of its own, through a read-only connection, into a ``StoredRecordCollection``.
///
/// Without it the check scans the store after the read, alone on the writer's thread: on a
/// forced re-import of an unchanged export that scan was a fifth of the run. The connection sees
/// the store as it was before the run: a run that may mark deletions commits once, at its end
/// (`ImportOptions.commitAtEnd`), after this collection has been taken.
final class DeletionPrescan {
    private let thread: WorkerThread<Result<StoredRecordCollection, any Error>>
    private let stop = Locked(false)

    /// Starts collecting the records of `ranges` from the store at `path`.
    init(path: String, ranges: [String: (from: Int64?, through: Int64)]) {
        let stop = self.stop
        thread = WorkerThread(name: "deletion-scan") {
            Result {
                let queue = try HealthStore.sideReader(path: path)
                defer { try? queue.close() }
                return try queue.read { db in
                    var collection = StoredRecordCollection(ranges: ranges)
                    var visited = 0
                    for (type, range) in ranges.sorted(by: { $0.key < $1.key }) {
                        try DeletionScan.scan(db, type: type, from: range.from, through: range.through) { record in
                            visited += 1
                            if visited & 4095 == 0, stop.load() { throw CancellationError() }
                            try collection.add(record, type: type)
                        }
                        try collection.finishType()
                    }
                    return collection
                }
            }
        }
    }

    /// The records collected, once the thread is done; `nil` when it failed (the check then
    /// scans the store itself).
    func collected() -> StoredRecordCollection? {
        try? thread.join().get()
    }

    /// Stops the collection early and waits for its thread.
    func cancel() {
        stop.store(true)
        _ = thread.join()
    }
}
