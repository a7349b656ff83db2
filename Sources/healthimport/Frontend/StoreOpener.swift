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
            return try PostgresStore.open(
                url: location, person: person ?? StoreOptions.defaultPerson, announceMigrations: announce)
            #else
            throw PostgresSupport.missing
            #endif
        }
        try StoreOptions.requirePostgres(for: person, db: location)
        return try HealthStore.open(path: location, readOnly: readOnly, announceMigrations: announce)
    }

    /// The SQLite store at `path` for a command that reads its statistics, computed first for the
    /// days an interrupted import left pending: opened read-only when it cannot be written (a
    /// store on a read-only disk, another user's), which serves as long as none are pending.
    static func openWithCurrentStatistics(_ path: String) throws -> HealthStore {
        let store: HealthStore
        do {
            store = try HealthStore.open(path: path, announceMigrations: announce)
        } catch let error as StoreError where error.code == .readOnly {
            store = try HealthStore.open(path: path, readOnly: true)
        }
        try store.refreshPendingStatistics()
        return store
    }

    /// Tells the user that the store they opened is being brought up to this version's layout,
    /// which on a large store takes a while.
    @Sendable static func announce(_ migrations: [String]) {
        Diagnostics.print(
            "healthimport: updating the store to this version's layout (\(migrations.joined(separator: ", "))); a large store takes a while"
        )
    }

    /// Refuses a person of a PostgreSQL store whom the database does not know (no import of
    /// theirs, not added with `people add`): most likely a misspelt `--person`.
    static func requireKnownPerson(_ store: any HealthRecordStore) throws {
        #if PostgreSQL
        if let postgres = store as? PostgresStore { try postgres.requireKnownPerson() }
        #endif
    }

    /// A read-only reader of the store `options` name, for the report: an SQLite file, or the
    /// person's rows of a PostgreSQL database.
    static func reader(_ options: StoreOptions) async throws -> any StoreReading {
        if StoreOptions.isPostgres(options.db) {
            #if PostgreSQL
            return try await PostgresStoreReader.open(
                url: options.db, person: options.person ?? StoreOptions.defaultPerson, announceMigrations: announce)
            #else
            throw PostgresSupport.missing
            #endif
        }
        try options.requirePostgresForPerson()
        return try StoreReader(path: options.db)
    }
}
