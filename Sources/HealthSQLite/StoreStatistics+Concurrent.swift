import GRDB
import HealthCore
import HealthExport
import HealthStatistics

/// The statistics worker's reads: a read-only connection of its own, one snapshot per job.
struct SQLiteStatisticsComputer: StatisticsComputer {
    let queue: DatabaseQueue
    /// The store's clock metadata, read once and kept current from the writer's notes.
    private let clocks: ClockMetadataLog

    init(path: String, clocks: ClockMetadataLog) throws {
        queue = try HealthStore.sideReader(path: path)
        self.clocks = clocks
    }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        try queue.read { db in
            let clockMetadata = try clocks.current { try ClockMetadata.add(db, into: &$0) }
            var reader = try StatisticsSampleReader(db, clockMetadata: clockMetadata)
            try StoreStatistics.compute(type: job.type, days: job.days, reader: &reader, deliver: deliver)
            return reader.newSources
        }
    }

    func close() { try? queue.close() }
}

/// The writer's side of statistics computed beside it, on its connection in its open transaction.
struct SQLiteStatisticsWriting: StatisticsWriting {
    let db: Database
    /// The store's clock metadata, whose one copy the worker's computations share.
    let clocks: ClockMetadataLog

    init(db: Database, clocks: ClockMetadataLog = ClockMetadataLog()) {
        self.db = db
        self.clocks = clocks
    }

    func write(_ rows: StatisticsRows) throws { try StoreStatistics.write(rows, db) }

    func compute(_ job: StatisticsJob, deliver: (StatisticsRows) throws -> Void) throws -> [StatisticsSource] {
        let clockMetadata = try clocks.current { try ClockMetadata.add(db, into: &$0) }
        var reader = try StatisticsSampleReader(db, clockMetadata: clockMetadata)
        try StoreStatistics.compute(type: job.type, days: job.days, reader: &reader, deliver: deliver)
        return reader.newSources
    }

    func visitPending(_ visit: (String, Int32) throws -> Void) throws {
        // A cursor: a row object per pending day would grow with the history an import covers.
        let pending = try Row.fetchCursor(db, sql: "SELECT type, day FROM statistics_pending")
        while let row = try pending.next() { try visit(row[0], Int32(row[1] as Int64)) }
    }

    func refresh(_ touched: TouchedDays) throws { try StoreStatistics.refresh(db, touched: touched) }

    func addSources(_ sources: [StatisticsSource]) throws { try StoreStatistics.addSources(sources, db) }

    func clearPending() throws { try db.execute(sql: "DELETE FROM statistics_pending") }
}

extension ConcurrentStatistics {
    /// Statistics computed beside the writer of the SQLite store at `path`, which notes the
    /// clock metadata it writes in `clocks`.
    convenience init(path: String, clocks: ClockMetadataLog) {
        self.init(
            monthsPerRange: StoreStatistics.monthsPerRange,
            open: { try SQLiteStatisticsComputer(path: path, clocks: clocks) })
    }
}
