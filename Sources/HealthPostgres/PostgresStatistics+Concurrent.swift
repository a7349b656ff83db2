#if PostgreSQL
import HealthCore
import HealthStatistics
import PostgresNIO

/// The statistics worker's reads: a connection of its own, which sees what the writer has committed.
struct PostgresStatisticsComputer: StatisticsComputer {
    let store: PostgresStore
    let connection: PostgresConnection

    init(store: PostgresStore) throws {
        self.store = store
        let url = store.url
        connection = try Blocking.run { try await PostgresStore.makeConnection(url) }
    }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        return try PostgresStatistics.compute(job, store: store, on: connection, deliver: deliver)
    }

    func close() {
        let connection = connection
        _ = try? Blocking.run { try await connection.close() }
    }
}

/// The writer's side of statistics computed beside it, on its connection in its open transaction.
struct PostgresStatisticsWriting: StatisticsWriting {
    let store: PostgresStore
    let connection: PostgresConnection
    /// The import's writes on `connection`, if they run on a thread of their own: waited for
    /// before every use of it.
    var jobs: ConnectionJobs? = nil

    func write(_ rows: StatisticsRows) throws {
        try jobs?.wait()
        try PostgresStatistics.write(rows, store: store, on: connection)
    }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        try jobs?.wait()
        return try PostgresStatistics.compute(job, store: store, on: connection, deliver: deliver)
    }

    func visitPending(_ visit: (String, Int32) throws -> Void) throws {
        try jobs?.wait()
        let (store, connection) = (store, connection)
        let rows = try Blocking.run(watching: connection, url: store.url) {
            try await store.query(
                "SELECT type, day FROM statistics_pending WHERE person = \(store.person)",
                on: connection)
        }
        for row in rows {
            let (type, day) = try row.decode((String, Int32).self)
            try visit(type, day)
        }
    }

    func refresh(_ touched: TouchedDays) throws {
        try jobs?.wait()
        try PostgresStatistics.refresh(touched, store: store, on: connection)
    }

    func addSources(_ sources: [StatisticsSource]) throws {
        try jobs?.wait()
        try PostgresStatistics.addSources(sources, store: store, on: connection)
    }

    func clearPending() throws {
        try jobs?.wait()
        let (store, connection) = (store, connection)
        try Blocking.run(watching: connection, url: store.url) {
            try await store.query(
                "DELETE FROM statistics_pending WHERE person = \(store.person)",
                on: connection)
        }
    }
}

extension ConcurrentStatistics {
    /// Statistics computed beside the writer of `store`'s person, over a connection of their own.
    convenience init(store: PostgresStore) {
        self.init(
            monthsPerRange: PostgresStatistics.monthsPerRange, open: { try PostgresStatisticsComputer(store: store) })
    }
}
#endif
