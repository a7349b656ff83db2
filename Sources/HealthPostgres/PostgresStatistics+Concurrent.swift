#if PostgreSQL
import HealthCore
import HealthExport
import HealthStatistics
import PostgresNIO

/// The statistics worker's reads: a connection of its own, which sees what the writer has committed.
struct PostgresStatisticsComputer: StatisticsComputer {
    let store: PostgresStore
    let connection: PostgresConnection
    /// The person's clock metadata, read once and kept current from the writer's notes.
    private let clocks: ClockMetadataLog

    init(store: PostgresStore, clocks: ClockMetadataLog) throws {
        self.store = store
        let url = store.url
        connection = try Blocking.run { try await PostgresStore.makeConnection(url) }
        self.clocks = clocks
    }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        let (store, connection) = (store, connection)
        let clockMetadata = try clocks.current {
            try PostgresStatisticsReader.addClockMetadata(into: &$0, store: store, connection: connection)
        }
        return try PostgresStatistics.compute(
            job, store: store, on: connection, clockMetadata: clockMetadata, deliver: deliver)
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
    /// The person's clock metadata, whose one copy the worker's computations share.
    let clocks: ClockMetadataLog

    init(
        store: PostgresStore, connection: PostgresConnection, jobs: ConnectionJobs? = nil,
        clocks: ClockMetadataLog = ClockMetadataLog()
    ) {
        self.store = store
        self.connection = connection
        self.jobs = jobs
        self.clocks = clocks
    }

    func write(_ rows: StatisticsRows) throws {
        try jobs?.wait()
        try PostgresStatistics.write(rows, store: store, on: connection)
    }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        try jobs?.wait()
        let (store, connection) = (store, connection)
        let clockMetadata = try clocks.current {
            try PostgresStatisticsReader.addClockMetadata(into: &$0, store: store, connection: connection)
        }
        return try PostgresStatistics.compute(
            job, store: store, on: connection, clockMetadata: clockMetadata, deliver: deliver)
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
    /// Statistics computed beside the writer of `store`'s person, over a connection of their
    /// own; the writer notes the clock metadata it writes in `clocks`.
    convenience init(store: PostgresStore, clocks: ClockMetadataLog) {
        self.init(
            monthsPerRange: PostgresStatistics.monthsPerRange,
            open: { try PostgresStatisticsComputer(store: store, clocks: clocks) })
    }
}
#endif
