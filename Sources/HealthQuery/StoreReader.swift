import Foundation
import GRDB
import HealthCore
import HealthSQLite

/// An SQLite store's answers to the read-only questions of ``StoreReading``: the report's and
/// the MCP server's.
///
/// The store is opened read-only; every query is this module's own SQL with bound values, so
/// nothing a client sends is ever executed as SQL.
public final class StoreReader: StoreReading {
    /// The store read.
    public let store: HealthStore

    /// The SQL condition of a current row of a sample table: neither deleted by a later export nor
    /// replaced by a newer version of the record. Every query of this module keeps to current rows.
    public static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    private let queries = StoreReadQueries(.sqlite)

    /// Opens the store at `path` read-only; fails (``StoreError``) when it is missing or not a store.
    public init(path: String) throws {
        store = try HealthStore.open(path: path, readOnly: true)
    }

    public var location: String { store.path }

    public func status() async throws -> StoreStatus {
        try store.status()
    }

    public func sources(type: String? = nil) async throws -> [SourceSummary] {
        // Counted through SQLite's C API in one pass per table: a `GROUP BY` sorts every row.
        try store.read { db in
            var counter = SourceCounts()
            for table in RecordTable.withSources {
                var sql =
                    "SELECT \(table.typeColumn), coalesce(source_name, '') FROM \(table.name) WHERE \(Self.current)"
                var arguments: StatementArguments = []
                if let type {
                    sql += " AND \(table.typeColumn) = ?"
                    arguments = [type]
                }
                try counter.count(db, sql: sql, arguments: arguments)
            }
            return SourceSummary.summaries(counter.pairs)
        }
    }

    public func records(type: String, from: String, to: String, limit: Int, cursor: String?) async throws -> RecordPage
    {
        try await queries.records(type: type, from: from, to: to, limit: limit, cursor: cursor) { query in
            try store.read { try StoreRows.fetch($0, query) }
        }
    }

    public func workoutDays(from: String?) async throws -> [WorkoutDay] {
        StoreReadQueries.workoutDays(try store.read { try StoreRows.fetch($0, queries.workoutDays(from: from)) })
    }

    public func rings(from: String?, days: Int) async throws -> [RingDay] {
        StoreReadQueries.rings(try store.read { try StoreRows.fetch($0, queries.rings(from: from, days: days)) })
    }

    public func parallelReader() async throws -> (any StoreReading)? {
        try StoreReader(path: store.path)
    }

    public func schemaSQL() async throws -> String {
        try store.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type DESC, name"
            ).joined(separator: "\n\n")
        }
    }
}

/// One source's share of the store.
public struct SourceSummary: Sendable, Codable, Equatable {
    /// The source's name as the export wrote it (an app or a device).
    public var source: String
    /// Rows from it.
    public var rows: Int
    /// The types it wrote.
    public var types: [String]

    /// The sources of rows counted per type and source, most rows first.
    package static func summaries(_ pairs: [(type: String, source: String, rows: Int)]) -> [SourceSummary] {
        var bySource: [String: SourceSummary] = [:]
        for pair in pairs {
            bySource[pair.source, default: SourceSummary(source: pair.source, rows: 0, types: [])].rows += pair.rows
            bySource[pair.source]?.types.append(pair.type)
        }
        return bySource.values.map { summary in
            var summary = summary
            summary.types = Array(Set(summary.types)).sorted()
            return summary
        }.sorted { ($0.rows, $1.source) > ($1.rows, $0.source) }
    }
}

/// A sample table the readers know how to page through.
public struct RecordTable: Sendable, Equatable {
    /// The table's name.
    public var name: String
    /// Its type column.
    public var typeColumn: String
    /// The SQL of its value as a number, its value as text and its unit (of a table aliased `t`).
    public var number: String
    public var text: String
    public var unit: String

    /// The tables with a type, a source and start and end dates.
    public static let withSources: [RecordTable] = [
        RecordTable(
            name: "quantity_samples", typeColumn: "type", number: "t.value",
            text: "CASE WHEN t.value IS NULL THEN t.value_text END", unit: "t.unit"),
        RecordTable(name: "weight_samples", typeColumn: "type", number: "t.kilograms", text: "NULL", unit: "'kg'"),
        RecordTable(name: "category_samples", typeColumn: "type", number: "NULL", text: "t.value", unit: "NULL"),
        RecordTable(
            name: "workouts", typeColumn: "activity_type",
            number: "CAST(round((t.end_unix - t.start_unix) / 60.0, 1) AS DOUBLE PRECISION)", text: "NULL",
            unit: "'min'"),
        RecordTable(name: "correlations", typeColumn: "type", number: "NULL", text: "NULL", unit: "NULL"),
    ]
}
