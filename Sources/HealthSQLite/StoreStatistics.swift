import GRDB
import HealthStatistics

/// The statistics tables of the store: which days wait for recomputation, and the recomputation itself.
///
/// Writers note what they touch with ``notePending(_:_:)`` in the transaction that writes the rows;
/// ``refreshPending(_:)`` recomputes the buckets those days reach (their days, weeks, months and nights)
/// and empties the list, in the caller's transaction. The computation is `HealthStatistics`'s; this
/// file only reads samples and writes rows.
public enum StoreStatistics {
    /// Adds the touched days of types that have statistics to `statistics_pending`.
    public static func notePending(_ db: Database, _ touched: TouchedDays) throws {
        guard !touched.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO statistics_pending (type, day) VALUES (?, ?)")
        for (type, days) in touched.days where StatisticsKind(type: type) != nil {
            for day in days { try statement.execute(arguments: [type, day]) }
        }
    }

    /// Whether some statistics wait for recomputation.
    public static func hasPending(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM statistics_pending)") ?? false
    }

    /// Marks every day of every sample pending: after the saved source order changed.
    public static func markAllPending(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM statistics")
        try db.execute(sql: "DELETE FROM sleep_nights")
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO statistics_pending (type, day) SELECT DISTINCT type, start_unix / 86400 FROM quantity_samples;
                INSERT OR IGNORE INTO statistics_pending (type, day) SELECT DISTINCT type, start_unix / 86400 FROM weight_samples;
                INSERT OR IGNORE INTO statistics_pending (type, day) SELECT DISTINCT type, start_unix / 86400
                    FROM category_samples WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis';
                """)
    }

    /// Recomputes the statistics of every pending day and empties `statistics_pending`.
    public static func refreshPending(_ db: Database) throws {
        // A cursor: a row object per pending day would grow with the history an import covers.
        var touched = TouchedDays()
        let pending = try Row.fetchCursor(db, sql: "SELECT type, day FROM statistics_pending")
        while let row = try pending.next() {
            touched.note(type: row[0], day: Int32(row[1] as Int64))
        }
        guard !touched.isEmpty else { return }
        try refresh(db, touched: touched)
        try db.execute(sql: "DELETE FROM statistics_pending")
    }

    /// Months of samples read at a time: a Watch writes tens of thousands of heart rates a month.
    /// Six at a time raised a new store's peak memory, in the same time, with the same rows.
    static let monthsPerRange = 1

    /// Recomputes the buckets `touched` reaches, replacing their rows.
    ///
    /// Each type is read by a reader of its own, as an import computing statistics beside its
    /// writer reads them: a source the `sources` table does not know yet takes its device model,
    /// and so its rank, from that type's samples. The results are then the same whichever thread,
    /// run or order computes a type.
    public static func refresh(_ db: Database, touched: TouchedDays) throws {
        let clockMetadata = try ClockMetadata.read(db)
        var newSources: [[StatisticsSource]] = []
        for (type, days) in touched.days.sorted(by: { $0.key < $1.key }) {
            var reader = try StatisticsSampleReader(db, clockMetadata: clockMetadata)
            try compute(type: type, days: days, reader: &reader) { try write($0, db) }
            newSources.append(reader.newSources)
        }
        for sources in newSources { try addSources(sources, db) }
    }

    /// Computes the rows of `type`'s buckets (or nights) that `days` reach, a range of
    /// ``monthsPerRange`` months at a time, handing each range to `deliver`.
    static func compute(
        type: String, days: Set<Int32>, reader: inout StatisticsSampleReader,
        deliver: (StatisticsRows) throws -> Void
    ) throws {
        try StatisticsRows.compute(
            type: type, days: days, monthsPerRange: monthsPerRange, reader: &reader, deliver: deliver)
    }

    /// Adds to `sources` the sources statistics met that it does not list, or lists without their device model.
    static func addSources(_ sources: [StatisticsSource], _ db: Database) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO sources (name, device_model) VALUES (?, ?)
                ON CONFLICT(name) DO UPDATE SET device_model = coalesce(device_model, excluded.device_model)
                """)
        for source in sources { try insert.execute(arguments: [source.name, source.deviceModel]) }
    }

    /// Replaces the rows of `rows`' range with them.
    static func write(_ rows: StatisticsRows, _ db: Database) throws {
        switch rows.content {
        case .buckets(let unit, let discrete, let buckets):
            try writeBuckets(db, type: rows.type, unit: unit, discrete: discrete, wallRange: rows.wallRange, buckets)
        case .nights(let nights):
            try writeNights(db, wallRange: rows.wallRange, nights)
        }
    }

    private static func writeBuckets(
        _ db: Database, type: String, unit: String, discrete: Bool, wallRange: Range<Int64>,
        _ buckets: [(period: Period, bucket: StatisticsBucket, sources: String?)]
    ) throws {
        // Cached: an import writes a range at a time, hundreds of them.
        try db.cachedStatement(sql: "DELETE FROM statistics WHERE type = ? AND wall_start >= ? AND wall_start < ?")
            .execute(arguments: [type, wallRange.lowerBound, wallRange.upperBound])
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO statistics (type, period, bucket, wall_start, start_date, start_unix, end_date, end_unix, unit,
                    sum, average, minimum, maximum, count, sources) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (period, bucket, sources) in buckets {
            try insert.execute(arguments: [
                type, period.rawValue, bucket.label, bucket.wallStart, bucket.startText, bucket.start,
                bucket.endText, bucket.end, unit, bucket.sum, discrete ? bucket.average : nil,
                discrete ? bucket.minimum : nil, discrete ? bucket.maximum : nil, discrete ? bucket.count : nil,
                sources,
            ])
        }
    }

    private static func writeNights(
        _ db: Database, wallRange: Range<Int64>, _ nights: [(night: SleepNight, sources: String)]
    ) throws {
        let rows = StoredStatistics.nightRows(wallRange)
        try db.cachedStatement(sql: "DELETE FROM sleep_nights WHERE wall_start >= ? AND wall_start < ?")
            .execute(arguments: [rows.lowerBound, rows.upperBound])
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO sleep_nights (night, wall_start, start_date, start_unix, end_date, end_unix, in_bed_minutes,
                    asleep_minutes, awake_minutes, core_minutes, deep_minutes, rem_minutes, unspecified_minutes, sources)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (night, sources) in nights {
            try insert.execute(arguments: [
                night.night, night.wallStart, night.startText, night.firstAsleep, night.endText, night.lastAsleep,
                night.minutes(.inBed), night.asleepMinutes, night.minutes(.awake), night.minutes(.core),
                night.minutes(.deep), night.minutes(.rem), night.minutes(.unspecified), sources,
            ])
        }
    }
}

extension HealthStore {
    /// Recomputes the statistics an interrupted import or an upgrade left pending, if any.
    public func refreshPendingStatistics() throws {
        guard try read({ db in try StoreStatistics.hasPending(db) }) else { return }
        try writeImmediate { db in try StoreStatistics.refreshPending(db) }
    }
}
