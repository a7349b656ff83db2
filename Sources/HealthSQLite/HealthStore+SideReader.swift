import GRDB

extension HealthStore {
    /// A read-only connection to the store at `path` for a thread that reads beside the import's
    /// writer (the deletion check's collection, the statistics worker).
    ///
    /// Its page cache is 2 MB: such a thread reads rows once, in key order, and a larger cache
    /// would only add to the run's peak. In WAL mode it sees every commit made before each read.
    static func sideReader(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -2048") }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
