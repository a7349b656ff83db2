import Foundation
import GRDB
import HealthCore
import HealthExport

/// The SQLite store: one file (plus its WAL), typed tables per record kind, anchors and an import log.
///
/// Open it with ``open(path:readOnly:announceMigrations:)``; the schema is created or migrated on open. A store
/// written by a newer healthimport is refused rather than touched.
public final class HealthStore: Sendable {
    /// The database file's path.
    public let path: String
    /// Seconds a call waits for another connection's lock before failing as locked.
    public static let busyTimeout: TimeInterval = 1
    /// The connection, serialised by GRDB.
    public let queue: DatabaseQueue
    /// The log's length in pages from which an import restarts it (``WALCheckpointer``).
    let logRestartPages: Int

    private init(path: String, queue: DatabaseQueue, logRestartPages: Int = WALCheckpointer.defaultRestartPages) {
        self.path = path
        self.queue = queue
        self.logRestartPages = logRestartPages
    }

    /// Opens (creating if needed, unless `readOnly`) the store at `path`.
    ///
    /// Busy handling is short: when another process writes, calls fail with
    /// `StoreError/Code/locked` after ``busyTimeout`` rather than waiting for it to finish.
    /// The short wait rides out the brief exclusive locks SQLite takes when another connection
    /// opens, recovers or closes (its last checkpoint), which are no reason to fail.
    ///
    /// `announceMigrations` is called with the migrations a store made by an earlier healthimport
    /// lacks, before they run: on a large store they take a while.
    public static func open(
        path: String, readOnly: Bool = false, announceMigrations: (([String]) -> Void)? = nil
    ) throws -> HealthStore {
        try open(
            path: path, readOnly: readOnly, logRestartPages: WALCheckpointer.defaultRestartPages,
            announceMigrations: announceMigrations)
    }

    /// Opens the store at `path`, its imports restarting the write-ahead log from
    /// `logRestartPages` pages on.
    static func open(
        path: String, readOnly: Bool, logRestartPages: Int, announceMigrations: (([String]) -> Void)? = nil
    ) throws -> HealthStore {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            let file = (path as NSString).appendingPathComponent("health.sqlite")
            throw StoreError(.io, "\(path) is a folder, not a store: give the store's file, such as \(file)")
        }
        if readOnly, !FileManager.default.fileExists(atPath: path) { throw StoreError.missingStore(path) }
        var config = Configuration()
        config.readonly = readOnly
        config.busyMode = .timeout(busyTimeout)
        config.journalMode = readOnly ? .default : .wal
        config.label = "healthimport-store"
        config.prepareDatabase { db in
            if !readOnly {
                // Takes effect only in a new file: fewer, larger pages mean fewer WAL frames
                // and system calls per imported row.
                try db.execute(sql: "PRAGMA page_size = 16384")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // Debian's SQLite is built with secure_delete on: every page a split rewrites is
                // cleared first, a visible share of an import's inserts. The store
                // deletes nothing of the user's (anchors are rewritten, never samples).
                try db.execute(sql: "PRAGMA secure_delete = OFF")
            }
            // 6 MB: what an import rewrites at random (heartbeat series, metadata between its
            // sorted inserts) outgrows any cache it could afford, and the rest is appended. A
            // smaller cache wrote more, a larger one little less for a higher peak.
            try db.execute(sql: "PRAGMA cache_size = -6144")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        do {
            if !readOnly, FileManager.default.fileExists(atPath: path) {
                // Look before writing: opening in WAL mode writes to the file (GRDB makes sure
                // the WAL is not empty), and a store from a newer healthimport is refused untouched.
                var probe = Configuration()
                probe.readonly = true
                probe.busyMode = .timeout(busyTimeout)
                let queue = try DatabaseQueue(path: path, configuration: probe)
                defer { try? queue.close() }
                try HealthStore(path: path, queue: queue).checkSchema()
            }
            let opened = { (location: String) in
                let store = HealthStore(
                    path: path, queue: try DatabaseQueue(path: location, configuration: config),
                    logRestartPages: logRestartPages)
                try store.checkSchema()
                return store
            }
            let store: HealthStore
            do {
                store = try opened(path)
            } catch let error as DatabaseError where readOnly && Self.unreadableWithoutWriting(error, path: path) {
                store = try opened(Self.immutableURI(path))
            }
            let queue = store.queue
            if !readOnly {
                let applied = try queue.read { try StoreSchema.migrator.appliedIdentifiers($0) }
                let pending = StoreSchema.migrator.migrations.filter { !applied.contains($0) }
                if !applied.isEmpty, !pending.isEmpty { announceMigrations?(pending) }
                if !applied.isEmpty, !applied.contains(StoreSchema.sampleKeysMigration) {
                    try store.moveToSampleKeys()
                } else {
                    try StoreSchema.migrator.migrate(queue)
                }
            }
            return store
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.sqlite(error, path: path)
        }
    }

    /// Whether `error`, opening the store at `path` read-only, is SQLite's need to write beside a
    /// store kept in WAL mode (its shared-memory index) where the folder cannot be written: a
    /// store on a read-only disk, or another user's. With no log beside it, every change has
    /// reached the file, which SQLite may then read as it is (``immutableURI(_:)``).
    static func unreadableWithoutWriting(_ error: DatabaseError, path: String) -> Bool {
        guard error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY else { return false }
        let folder = (path as NSString).deletingLastPathComponent
        return !FileManager.default.fileExists(atPath: path + "-wal")
            && !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder)
    }

    /// The URI that opens `path` as a file nothing changes while it is read (`immutable=1`).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Migrates a store older than keyed sample rows, then gives back the pages the move freed
    /// (about half the store's).
    ///
    /// Sorting the moved rows and rebuilding the file go through temporary files, not memory, so
    /// memory stays bounded whatever the store's size. The store is whole whether or not the
    /// `VACUUM` succeeds, so its failure (a full disk) only leaves the file larger, for later
    /// imports to fill.
    private func moveToSampleKeys() throws {
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = FILE") }
        try StoreSchema.migrator.migrate(queue)
        try? queue.vacuum()
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
    }

    /// Refuses a store from a newer healthimport (unknown migrations or a higher `user_version`).
    private func checkSchema() throws {
        try queue.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let superseded = try StoreSchema.migrator.hasBeenSuperseded(db)
            if version > StoreSchema.version || superseded {
                throw StoreError(
                    .newerSchema,
                    "\(path) was written by a newer healthimport (schema \(version), this one knows \(StoreSchema.version)): update healthimport, or use another --db"
                )
            }
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if tables > 0, version == 0, try !db.tableExists("grdb_migrations") {
                throw StoreError(
                    .corrupt, "\(path) is an SQLite database but not a healthimport store: use another --db")
            }
        }
    }

    /// Runs `body` in the store, turning SQLite failures into `StoreError`s.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.sqlite(error, path: path)
        }
    }

    /// Runs `body` in one write transaction, turning SQLite failures into `StoreError`s.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.sqlite(error, path: path)
        }
    }
}
