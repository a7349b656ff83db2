import HealthCore
import HealthSQLite

/// Opens the store a `--db` value names.
enum StoreOpener {
    /// The store at `location`: an SQLite file path.
    static func open(_ location: String, readOnly: Bool = false) throws -> any HealthRecordStore {
        try HealthStore.open(path: location, readOnly: readOnly)
    }
}
