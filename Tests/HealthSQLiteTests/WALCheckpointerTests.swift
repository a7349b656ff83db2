import Foundation
import GRDB
import HealthFixtures
import Testing

@testable import HealthSQLite

/// The writer's restart of a long write-ahead log, apart from SQLite reusing the log by itself.
@Suite struct WALCheckpointerTests {
    /// Writes `transactions` transactions of `kibibytes` of new pages each, as the import's writer
    /// does: its own checkpoints off, the restart and a checkpoint after each commit; returns the
    /// log's longest length in bytes.
    ///
    /// SQLite reuses the log by itself when a transaction begins after every frame was copied and
    /// no reader still reads the log; beside an import's writer the passive checkpoint is then
    /// mostly still copying. Here a reader opened before each checkpoint, and ended after the
    /// next commit, stands for that, so the log is reused only if the writer restarts it, and
    /// each checkpoint ends before the next transaction, however slow the machine.
    static func write(
        _ path: String, checkpointer: WALCheckpointer, transactions: Int, kibibytes: Int
    ) throws -> Int {
        let writer = try HealthStore.sideConnection(path: path, readOnly: false, cacheKibibytes: 2048)
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: path, configuration: readOnly)
        defer {
            try? writer.close()
            try? reader.close()
        }
        var longest = 0
        var reading = false
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: WALCheckpointer.writerPragma)
            try db.execute(sql: "CREATE TABLE filler (bytes BLOB NOT NULL)")
            for _ in 0..<transactions {
                try db.inTransaction {
                    try db.execute(
                        sql: "INSERT INTO filler (bytes) VALUES (randomblob(?))", arguments: [kibibytes * 1024])
                    return .commit
                }
                longest = max(longest, try CheckpointTests.sizes(path).log)
                if reading { try reader.inDatabase { try $0.execute(sql: "COMMIT") } }
                checkpointer.restartIfLong(db)
                try reader.inDatabase { try $0.execute(sql: "BEGIN; SELECT count(*) FROM filler") }
                reading = true
                checkpointer.checkpoint()
            }
        }
        if reading { try reader.inDatabase { try $0.execute(sql: "COMMIT") } }
        return longest
    }

    @Test("Once a checkpoint finds the log long, the writer's next pause restarts it")
    func restartsTheLongLog() throws {
        let folder = TemporaryFolder()
        _ = try HealthStore.open(path: folder.database, readOnly: false)
        // Each transaction alone makes the log longer than the threshold (64 pages of 16 KB).
        let checkpointer = try WALCheckpointer(path: folder.database, restartPages: 64)
        let longest = try Self.write(folder.database, checkpointer: checkpointer, transactions: 40, kibibytes: 1536)
        checkpointer.finish()
        #expect(checkpointer.restarts > 0)
        // Restarted after every other transaction, the log holds two of 1.5 MB at most; never
        // reused, it would reach 60 MB.
        #expect(longest < 5_000_000)
    }

    @Test("A log shorter than the threshold is left to the checkpoints")
    func leavesAShortLog() throws {
        let folder = TemporaryFolder()
        _ = try HealthStore.open(path: folder.database, readOnly: false)
        let checkpointer = try WALCheckpointer(path: folder.database, restartPages: 65_536)
        _ = try Self.write(folder.database, checkpointer: checkpointer, transactions: 20, kibibytes: 256)
        checkpointer.finish()
        #expect(checkpointer.restarts == 0)
    }
}
