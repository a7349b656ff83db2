import GRDB
import HealthCore
import HealthStoreRows

extension HealthStore: HealthRecordStore {
    public var location: String { path }

    public func completedImport(signature: String) throws -> ImportRecord? {
        try read { db in try ImportLog.completed(db, signature: signature) }
    }

    public func beginImport(input: String, signature: String?, window: String) throws -> (
        id: Int64, anchors: [String: Anchor]
    ) {
        try writeImmediate { db in
            (try ImportLog.begin(db, input: input, signature: signature, window: window), try Anchor.fetchAll(db))
        }
    }

    public func makeBatchWriter(importID: Int64, options: ImportOptions) throws -> any RecordBatchWriter {
        BatchWriter.start(store: self, importID: importID, policy: .init(options))
    }

    public func markFailed(importID: Int64, message: String) throws {
        try write { db in
            try ImportLog.finish(db, id: importID, ImportLogEnd(outcome: .failed, counts: [:], message: message))
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: fails with `StoreError/Code/locked`
    /// (after ``HealthStore/busyTimeout``) when another process is writing.
    func writeImmediate<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw StoreError.sqlite(error, path: path)
        }
    }
}
