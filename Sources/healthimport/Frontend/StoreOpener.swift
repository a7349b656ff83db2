import HealthCore
import HealthQuery
import HealthSQLite

#if PostgreSQL
import HealthPostgres
import HealthQueryPostgres
#endif

/// Opens the store a `--db` value names.
enum StoreOpener {
    /// The store at `location`: a `postgresql://` (or `postgres://`) URL, else an SQLite file
    /// path. `person` chooses whose rows and anchors a PostgreSQL store reads and writes.
    static func open(_ location: String, readOnly: Bool = false, person: String? = nil) throws -> any HealthRecordStore
    {
        if StoreOptions.isPostgres(location) {
            #if PostgreSQL
            return try PostgresStore.open(url: location, person: person ?? StoreOptions.defaultPerson)
            #else
            throw PostgresSupport.missing
            #endif
        }
        if let person, person != StoreOptions.defaultPerson {
            throw CommandFailure(
                "--person \(person) needs a PostgreSQL store (--db postgresql://...); an SQLite store holds one person's data",
                exitCode: 64)
        }
        return try HealthStore.open(path: location, readOnly: readOnly)
    }

    /// A read-only reader of the store `options` name, for the report: an SQLite file, or the
    /// person's rows of a PostgreSQL database.
    static func reader(_ options: StoreOptions) async throws -> any StoreReading {
        if StoreOptions.isPostgres(options.db) {
            #if PostgreSQL
            return try await PostgresStoreReader.open(
                url: options.db, person: options.person ?? StoreOptions.defaultPerson)
            #else
            throw PostgresSupport.missing
            #endif
        }
        if let person = options.person, person != StoreOptions.defaultPerson {
            throw CommandFailure(
                "--person \(person) needs a PostgreSQL store (--db postgresql://...); an SQLite store holds one person's data",
                exitCode: 64)
        }
        return try StoreReader(path: options.db)
    }
}
