import Foundation
import GRDB
import HealthFixtures
import Testing

@testable import HealthSQLite

/// The writer's restart of a long write-ahead log, apart from SQLite reusing the log by itself
/// (which it does when the passive checkpoints keep pace, and so depends on the machine).
@Suite struct WALCheckpointerTests {
    /// Writes `transactions` transactions of `kibibytes` of new pages each, as the import's
    /// writer does: its own checkpoints off, the restart and a passive checkpoint after each commit.
    static func write(
        _ path: String, checkpointer: WALCheckpointer, transactions: Int, kibibytes: Int
    ) throws -> Int {
        let writer = try HealthStore.sideConnection(path: path, readOnly: false, cacheKibibytes: 2048)
        defer { try? writer.close() }
        var longest = 0
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: WALCheckpointer.writerPragma)
            try db.execute(sql: "CREATE TABLE filler (bytes BLOB NOT NULL)")
            for _ in 0..<transactions {
                try db.inTransaction {
                    try db.execute(
                        sql: "INSERT INTO filler (bytes) VALUES (randomblob(?))", arguments: [kibibytes * 1024])
                    return .commit
                }
                checkpointer.restartIfLong(db)
                checkpointer.request()
                longest = max(longest, try CheckpointTests.sizes(path).log)
            }
        }
        return longest
    }

    @Test("Once a passive checkpoint finds the log long, the writer's next pause restarts it")
    func restartsTheLongLog() throws {
        let folder = TemporaryFolder()
        _ = try HealthStore.open(path: folder.database, readOnly: false)
        // Each transaction alone makes the log longer than the threshold (64 pages of 16 KB),
        // so every passive checkpoint that ends finds it long, however fast the machine.
        let checkpointer = try WALCheckpointer(path: folder.database, restartPages: 64)
        let longest = try Self.write(folder.database, checkpointer: checkpointer, transactions: 40, kibibytes: 1536)
        checkpointer.finish()
        #expect(checkpointer.restarts > 0)
        // 40 transactions of 1.5 MB: a log that was never reused would reach 60 MB.
        #expect(longest < 20_000_000)
    }

    @Test("A log shorter than the threshold is left to the passive checkpoints")
    func leavesAShortLog() throws {
        let folder = TemporaryFolder()
        _ = try HealthStore.open(path: folder.database, readOnly: false)
        let checkpointer = try WALCheckpointer(path: folder.database, restartPages: 65_536)
        _ = try Self.write(folder.database, checkpointer: checkpointer, transactions: 20, kibibytes: 256)
        checkpointer.finish()
        #expect(checkpointer.restarts == 0)
    }
}
