import GRDB
import HealthStatistics

/// An index of the only metadata statistics read: a sample's `HKTimeZone` and `HKWasUserEntered`,
/// which decide the clock its day is counted in.
///
/// Without it, every statistics refresh read the whole `metadata` table to find them (most of its
/// rows hold other keys), and an import computing its statistics while it writes refreshes once
/// per type. Only the entries it holds are written to it.
extension StoreSchema {
    /// The keys of the metadata statistics read, as the index and its readers write them.
    static let clockMetadataKeys = "key IN ('HKTimeZone', 'HKWasUserEntered')"

    static func registerClockMetadata(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-clock-metadata") { db in
            try db.execute(
                sql: "CREATE INDEX metadata_clock ON metadata(record_uuid, key, value) WHERE \(clockMetadataKeys)")
        }
    }
}

extension ClockMetadata {
    /// The entries of the store `db` opens.
    static func read(_ db: Database) throws -> ClockMetadata {
        var builder = Builder()
        try add(db, into: &builder)
        return builder.build()
    }

    /// Adds the entries of the store `db` opens to `builder`.
    static func add(_ db: Database, into builder: inout Builder) throws {
        var rows = try RawRows(
            db, sql: "SELECT record_uuid, key, value FROM metadata WHERE \(StoreSchema.clockMetadataKeys)",
            arguments: [])
        while try rows.next() {
            builder.add(uuid: rows.bytes(0), key: rows.bytes(1), value: rows.text(2) ?? "")
        }
    }
}
