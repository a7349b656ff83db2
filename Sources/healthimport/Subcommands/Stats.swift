import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthSQLite
import HealthStatistics

#if PostgreSQL
import HealthPostgres
#endif

/// `healthimport stats`: the numbers the Health app shows, from the store.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show statistics merged across sources the way the Health app merges them.",
        discussion: """
            Cumulative types (steps, distances, energy, ...) are merged by source priority piece by piece of time;
            discrete types (heart rate, weight, ...) are averaged over every source; sleep is counted by night
            (noon to noon). Buckets follow each sample's local time.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(
        name: .customLong("type"),
        help: ArgumentHelp(
            "The type; repeatable. The names `import --type` takes (steps, heart-rate, weight, sleep, activity, HKQuantityTypeIdentifierStepCount, ...).",
            valueName: "type"))
    var types: [String]

    @Option(help: ArgumentHelp("The bucket: hour, day, week, month, or night (sleep).", valueName: "period"))
    var by: Period = .day

    @Option(help: ArgumentHelp("From this local day on (yyyy-MM-dd).", valueName: "yyyy-MM-dd"))
    var since: String?

    @Option(help: ArgumentHelp("Up to and including this local day (yyyy-MM-dd).", valueName: "yyyy-MM-dd"))
    var until: String?

    @Option(
        help: ArgumentHelp(
            "Source names, highest priority first, comma-separated, for this run only (else the order `sources --priority` saved).",
            valueName: "names"))
    var priority: String?

    @Flag(help: "Print JSON lines.")
    var json = false

    @Flag(help: "Print CSV with a header line.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("Use only one of --json and --csv.") }
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, StatisticsQuery.day(value) == nil {
                throw ValidationError("\(name) '\(value)' is not a date: write it as yyyy-MM-dd.")
            }
        }
        if let since, let until, let first = StatisticsQuery.day(since), let last = StatisticsQuery.day(until),
            last < first
        {
            throw ValidationError("--until \(until) is before --since \(since): no day is in between.")
        }
        do { _ = try TypeSelection(types) } catch { throw ValidationError(error.description) }
        if types.isEmpty { throw ValidationError("Name a type with --type (steps, heart-rate, sleep, ...).") }
    }

    func run() throws {
        try CommandRunner.run {
            let answer = try StatisticsStore.open(store)
            let selected = try selectedTypes(among: answer.types())
            let preferred = priority.map(SourceOrder.parse)
            var output = StatisticsTable(format: json ? .json : csv ? .csv : .table)
            for type in selected {
                let kind = StatisticsKind(type: type)
                if kind == .sleep, by != .night {
                    throw CommandFailure("sleep is counted by night: use --by night", exitCode: 64)
                }
                if kind != .sleep, by == .night {
                    throw CommandFailure(
                        "--by night is for sleep; \(type) takes hour, day, week or month", exitCode: 64)
                }
                let query = StatisticsQuery(
                    type: type, period: by, since: since.flatMap(StatisticsQuery.day),
                    until: until.flatMap(StatisticsQuery.day),
                    preferred: preferred)
                output.add(keys: query.keys, rows: try answer.rows(query))
            }
            try StandardOutput.print(output.text)
        }
    }

    /// The store's types that `--type` names and that have statistics.
    private func selectedTypes(among known: [String]) throws -> [String] {
        let selection = try TypeSelection(types)
        let selected = known.filter { type in
            if type == StatisticsQuery.activityType { return selection.selects(kind: .activitySummary, type: type) }
            guard let kind = StatisticsKind(type: type) else { return false }
            let recordKind: RecordKind =
                kind == .sleep ? .category : type == "HKQuantityTypeIdentifierBodyMass" ? .weight : .quantity
            return selection.selects(kind: recordKind, type: type)
        }
        if selected.isEmpty {
            throw CommandFailure("the store holds no samples of \(types.joined(separator: ", ")) with statistics")
        }
        return selected
    }
}

/// Where `stats` reads: an SQLite store's statistics tables (brought up to date first), or a
/// person's samples in a PostgreSQL store, from which every answer is computed.
private enum StatisticsStore {
    case sqlite(HealthStore)
    #if PostgreSQL
    case postgres(PostgresStore)
    #endif

    static func open(_ options: StoreOptions) throws -> StatisticsStore {
        if StoreOptions.isPostgres(options.db) {
            #if PostgreSQL
            let store = try PostgresStore.open(
                url: options.db, person: options.person ?? StoreOptions.defaultPerson,
                announceMigrations: StoreOpener.announce)
            try store.requireKnownPerson()
            return .postgres(store)
            #else
            throw PostgresSupport.missing
            #endif
        }
        try options.requirePostgresForPerson()
        guard FileManager.default.fileExists(atPath: options.db) else {
            throw StoreError.missingStore(options.db)
        }
        return .sqlite(try StoreOpener.openWithCurrentStatistics(options.db))
    }

    /// The types the store has statistics of: every anchored type, and those of the stored
    /// statistics, nights and activity summaries (a type whose anchor accepted deletions dropped
    /// keeps its rows and figures).
    func types() throws -> [String] {
        switch self {
        case .sqlite(let store):
            return try store.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT type FROM anchors UNION SELECT DISTINCT type FROM statistics
                        UNION SELECT 'HKCategoryTypeIdentifierSleepAnalysis' WHERE EXISTS (SELECT 1 FROM sleep_nights)
                        UNION SELECT ?1 WHERE EXISTS (
                            SELECT 1 FROM activity_summaries WHERE deleted_by IS NULL AND replaced_by IS NULL)
                        ORDER BY 1
                        """, arguments: [StatisticsQuery.activityType])
            }
        #if PostgreSQL
        case .postgres(let store):
            return try AsyncWait.run { try await store.typesWithStatistics() }
        #endif
        }
    }

    func rows(_ query: StatisticsQuery) throws -> [[StatisticsOutput.Value]] {
        switch self {
        case .sqlite(let store):
            return try store.read { db in try query.rows(db) }
        #if PostgreSQL
        case .postgres(let store):
            let computation = ComputedStatistics(
                type: query.type, period: query.period, since: query.since, until: query.until,
                preferred: query.preferred)
            return try AsyncWait.run { try await store.statistics(computation) }
        #endif
        }
    }
}

extension Period: ExpressibleByArgument {}

/// `--priority "Jo’s iPhone,Jo’s Apple Watch"`.
enum SourceOrder {
    static func parse(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
