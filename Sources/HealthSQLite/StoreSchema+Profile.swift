import GRDB
import HealthCore

/// One `Me` profile per store: the `exports` table keeps a single row, under
/// ``RecordIdentity/profileID``, which a newer export updates in place.
extension StoreSchema {
    static func registerProfile(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-one-profile") { db in
            // The newest export's row stays (one without a date only when no row has one).
            try db.execute(
                sql: """
                    DELETE FROM exports WHERE rowid NOT IN (
                        SELECT rowid FROM exports ORDER BY export_unix IS NULL, export_unix DESC, uuid LIMIT 1)
                    """)
            try db.execute(sql: "UPDATE exports SET uuid = ?", arguments: [RecordIdentity.profileID.description])
        }
    }
}
