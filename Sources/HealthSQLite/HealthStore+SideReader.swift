import GRDB

extension HealthStore {
    /// A read-only connection to the store at `path` for a thread that reads beside the import's
    /// writer (the deletion check's collection, the statistics worker).
    ///
    /// Its page cache is 2 MB: such a thread reads rows once, in key order, and a larger cache
    /// would only add to the run's peak. In WAL mode it sees every commit made before each read.
    static func sideReader(path: String) throws -> DatabaseQueue {
        try sideConnection(path: path, readOnly: true, cacheKibibytes: 2048)
    }

    /// A connection beside the writer's to the store at `path`, with a page cache of
    /// `cacheKibibytes` and the store's short busy timeout.
    static func sideConnection(path: String, readOnly: Bool, cacheKibibytes: Int) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)") }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
