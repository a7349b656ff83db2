#if PostgreSQL
import HealthCore
import HealthExport
import HealthStatistics
import PostgresNIO

/// A person's statistics tables on PostgreSQL, kept as the SQLite store's `StoreStatistics`
/// keeps them: the writer notes the days its rows touch in `statistics_pending`, in the
/// transaction that writes them, and the transaction that completes a run recomputes those
/// days' buckets (their days, weeks, months and nights) with `HealthStatistics` and empties the
/// list. Every statement runs on the caller's connection, inside its transaction.
enum PostgresStatistics {
    /// Adds the touched days of types that have statistics to the person's pending days.
    static func notePending(
        _ touched: TouchedDays, store: PostgresStore, on connection: PostgresConnection
    ) async throws {
        var types: [String] = []
        var days: [Int32] = []
        for (type, typeDays) in touched.days where StatisticsKind(type: type) != nil {
            for day in typeDays {
                types.append(type)
                days.append(day)
            }
        }
        guard !types.isEmpty else { return }
        let dayNumbers = days.map(Int64.init)
        try await store.query(
            """
            INSERT INTO statistics_pending (person, type, day) \
            SELECT \(store.person), type, day FROM unnest(\(types)::text[], \(dayNumbers)::bigint[]) AS touched(type, day) \
            ON CONFLICT DO NOTHING
            """, on: connection)
    }

    /// Recomputes the person's pending days and empties their list.
    static func refreshPending(store: PostgresStore, on connection: PostgresConnection) throws {
        let writing = PostgresStatisticsWriting(store: store, connection: connection)
        var touched = TouchedDays()
        try writing.visitPending { touched.note(type: $0, day: $1) }
        guard !touched.isEmpty else { return }
        try refresh(touched, store: store, on: connection)
        try writing.clearPending()
    }

    /// Recomputes the person's pending days as ``refreshPending(store:on:)`` does, for async
    /// code: the computation, which waits for each read, runs on a thread of its own instead of
    /// holding one of the cooperative pool. The caller leaves `connection` alone meanwhile.
    static func refreshPending(store: PostgresStore, on connection: PostgresConnection) async throws {
        try await WorkerThread.run(name: "statistics") { try refreshPending(store: store, on: connection) }
    }

    /// Months of samples read at a time: a round trip each, so more than the SQLite store reads.
    static let monthsPerRange = 6

    /// Recomputes the buckets and nights `touched` reaches, replacing their rows, and records
    /// the sources seen.
    ///
    /// Each type is read by a reader of its own, as an import computing statistics beside its
    /// writer reads them, so the results are the same whichever thread or order computes a type.
    static func refresh(_ touched: TouchedDays, store: PostgresStore, on connection: PostgresConnection) throws {
        var newSources: [StatisticsSource] = []
        let clockMetadata = try PostgresStatisticsReader.clockMetadata(store: store, connection: connection)
        for (type, days) in touched.days.sorted(by: { $0.key < $1.key }) {
            let job = StatisticsJob(type: type, days: days)
            newSources += try compute(job, store: store, on: connection, clockMetadata: clockMetadata) {
                try write($0, store: store, on: connection)
            }
        }
        try addSources(newSources, store: store, on: connection)
    }

    /// Computes `job`'s rows from the samples `connection` sees, handing each range to `deliver`;
    /// returns the sources met. `clockMetadata`, when given, must have been read from `connection`.
    static func compute(
        _ job: StatisticsJob, store: PostgresStore, on connection: PostgresConnection,
        clockMetadata: ClockMetadata? = nil, deliver: (StatisticsRows) throws -> Void
    ) throws -> [StatisticsSource] {
        var reader = try PostgresStatisticsReader(store: store, connection: connection, clockMetadata: clockMetadata)
        try StatisticsRows.compute(
            type: job.type, days: job.days, monthsPerRange: monthsPerRange, reader: &reader, deliver: deliver)
        return reader.sources
    }

    /// Adds the sources met to the person's `sources`, with their device models where it has none.
    static func addSources(_ sources: [StatisticsSource], store: PostgresStore, on connection: PostgresConnection)
        throws
    {
        // One row per name: a statement cannot update a row twice. A model met beats none.
        var names: [String] = []
        var models: [String: String] = [:]
        for source in sources {
            if models[source.name] == nil { names.append(source.name) }
            if models[source.name, default: ""].isEmpty { models[source.name] = source.deviceModel ?? "" }
        }
        guard !names.isEmpty else { return }
        let query: PostgresQuery = """
            INSERT INTO sources (person, name, device_model) \
            SELECT \(store.person), name, NULLIF(model, '') \
            FROM unnest(\(names)::text[], \(names.map { models[$0] ?? "" })::text[]) AS seen(name, model) \
            ON CONFLICT (person, name) DO UPDATE \
            SET device_model = coalesce(sources.device_model, excluded.device_model)
            """
        try Blocking.run(watching: connection, url: store.url) {
            try await store.query(query, on: connection)
        }
    }

    /// Replaces the rows of `rows`' range with them.
    static func write(_ rows: StatisticsRows, store: PostgresStore, on connection: PostgresConnection) throws {
        switch rows.content {
        case .buckets(let unit, let discrete, let buckets):
            try writeBuckets(
                buckets, type: rows.type, unit: unit, discrete: discrete, wallRange: rows.wallRange, store: store,
                on: connection)
        case .nights(let nights):
            try writeNights(nights, wallRange: rows.wallRange, store: store, on: connection)
        }
    }

    private static func writeBuckets(
        _ buckets: [(period: Period, bucket: StatisticsBucket, sources: String?)], type: String, unit: String,
        discrete: Bool, wallRange: Range<Int64>, store: PostgresStore, on connection: PostgresConnection
    ) throws {
        var rows = BucketColumns()
        for (period, bucket, sources) in buckets {
            rows.append(bucket, period: period, sourcesJSON: sources ?? "")
        }
        // Cumulative buckets have no average, minimum, maximum or count; discrete ones no sources.
        let spread = discrete ? "average, minimum, maximum, count, NULL" : "NULL, NULL, NULL, NULL, sources"
        var binds = PostgresBindings()
        for value in [store.person, type, unit] as [String] { binds.append(value) }
        rows.bind(into: &binds)
        let removal: PostgresQuery = """
            DELETE FROM statistics WHERE person = \(store.person) AND type = \(type) \
            AND wall_start >= \(wallRange.lowerBound) AND wall_start < \(wallRange.upperBound)
            """
        let sql = """
            INSERT INTO statistics (person, type, period, bucket, wall_start, start_date, start_unix, end_date, end_unix,
                unit, sum, average, minimum, maximum, count, sources)
            SELECT $1, $2, period, bucket, wall_start, start_date, start_unix, end_date, end_unix, $3, sum, \(spread)
            FROM unnest($4::text[], $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::text[], $10::bigint[],
                $11::float8[], $12::float8[], $13::float8[], $14::float8[], $15::bigint[], $16::text[])
                AS buckets(period, bucket, wall_start, start_date, start_unix, end_date, end_unix, sum, average,
                    minimum, maximum, count, sources)
            """
        let (bound, hasRows) = (binds, !rows.period.isEmpty)
        try Blocking.run(watching: connection, url: store.url) {
            try await store.query(removal, on: connection)
            if hasRows { try await store.query(PostgresQuery(unsafeSQL: sql, binds: bound), on: connection) }
        }
    }

    private static func writeNights(
        _ nights: [(night: SleepNight, sources: String)], wallRange: Range<Int64>, store: PostgresStore,
        on connection: PostgresConnection
    ) throws {
        var rows = NightColumns()
        for (night, sources) in nights { rows.append(night, sourcesJSON: sources) }
        let nightRows = StoredStatistics.nightRows(wallRange)
        let removal: PostgresQuery = """
            DELETE FROM sleep_nights WHERE person = \(store.person) \
            AND wall_start >= \(nightRows.lowerBound) AND wall_start < \(nightRows.upperBound)
            """
        var binds = PostgresBindings()
        binds.append(store.person)
        rows.bind(into: &binds)
        // A night without sleep has no first and last asleep: '' and Int64.min stand for NULL in the arrays.
        let sql = """
            INSERT INTO sleep_nights (person, night, wall_start, start_date, start_unix, end_date, end_unix,
                in_bed_minutes, asleep_minutes, awake_minutes, core_minutes, deep_minutes, rem_minutes,
                unspecified_minutes, sources)
            SELECT $1, night, wall_start, NULLIF(start_date, ''), NULLIF(start_unix, \(Int64.min)),
                NULLIF(end_date, ''), NULLIF(end_unix, \(Int64.min)), in_bed, asleep, awake, core, deep, rem,
                unspecified, sources
            FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::float8[],
                $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::float8[], $15::text[])
                AS nights(night, wall_start, start_date, start_unix, end_date, end_unix, in_bed, asleep, awake, core,
                    deep, rem, unspecified, sources)
            """
        let (bound, hasRows) = (binds, !rows.night.isEmpty)
        try Blocking.run(watching: connection, url: store.url) {
            try await store.query(removal, on: connection)
            if hasRows { try await store.query(PostgresQuery(unsafeSQL: sql, binds: bound), on: connection) }
        }
    }
}

/// The columns of a range's buckets, bound as arrays for one `INSERT ... SELECT FROM unnest`.
private struct BucketColumns {
    var period: [String] = [], bucket: [String] = [], wallStart: [Int64] = [], startDate: [String] = []
    var startUnix: [Int64] = [], endDate: [String] = [], endUnix: [Int64] = [], sum: [Double] = []
    var average: [Double] = [], minimum: [Double] = [], maximum: [Double] = [], count: [Int64] = []
    var sources: [String] = []

    mutating func append(_ bucket: StatisticsBucket, period: Period, sourcesJSON: String) {
        self.period.append(period.rawValue)
        self.bucket.append(bucket.label)
        wallStart.append(bucket.wallStart)
        startDate.append(bucket.startText)
        startUnix.append(bucket.start)
        endDate.append(bucket.endText)
        endUnix.append(bucket.end)
        sum.append(bucket.sum)
        average.append(bucket.average)
        minimum.append(bucket.minimum)
        maximum.append(bucket.maximum)
        count.append(Int64(bucket.count))
        sources.append(sourcesJSON)
    }

    func bind(into binds: inout PostgresBindings) {
        binds.append(period)
        binds.append(bucket)
        binds.append(wallStart)
        binds.append(startDate)
        binds.append(startUnix)
        binds.append(endDate)
        binds.append(endUnix)
        for column in [sum, average, minimum, maximum] { binds.append(column) }
        binds.append(count)
        binds.append(sources)
    }
}

/// The columns of a range's nights of sleep, bound as arrays.
private struct NightColumns {
    var night: [String] = [], wallStart: [Int64] = [], startDate: [String] = [], startUnix: [Int64] = []
    var endDate: [String] = [], endUnix: [Int64] = [], minutes: [[Double]] = Array(repeating: [], count: 7)
    var sources: [String] = []

    mutating func append(_ night: SleepNight, sourcesJSON: String) {
        self.night.append(night.night)
        wallStart.append(night.wallStart)
        startDate.append(night.startText ?? "")
        startUnix.append(night.firstAsleep ?? Int64.min)
        endDate.append(night.endText ?? "")
        endUnix.append(night.lastAsleep ?? Int64.min)
        let values = [
            night.minutes(.inBed), night.asleepMinutes, night.minutes(.awake), night.minutes(.core),
            night.minutes(.deep), night.minutes(.rem), night.minutes(.unspecified),
        ]
        for (index, value) in values.enumerated() { minutes[index].append(value) }
        sources.append(sourcesJSON)
    }

    func bind(into binds: inout PostgresBindings) {
        binds.append(night)
        binds.append(wallStart)
        binds.append(startDate)
        binds.append(startUnix)
        binds.append(endDate)
        binds.append(endUnix)
        for column in minutes { binds.append(column) }
        binds.append(sources)
    }
}
#endif
