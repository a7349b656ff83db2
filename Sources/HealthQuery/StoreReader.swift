import Foundation
import GRDB
import HealthCore
import HealthSQLite

/// Read-only questions to the store, for the report and the MCP server.
///
/// The store is opened read-only; every query is this module's own SQL with bound values, so
/// nothing a client sends is ever executed as SQL.
public final class StoreReader: Sendable {
    /// The store read.
    public let store: HealthStore

    /// The SQL condition of a current row of a sample table: neither deleted by a later export nor
    /// replaced by a newer version of the record. Every query of this module keeps to current rows.
    public static let current = "deleted_by IS NULL AND replaced_by IS NULL"

    /// Opens the store at `path` read-only; fails (``StoreError``) when it is missing or not a store.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(.io, "\(path) does not exist: import an export first, or give --db")
        }
        store = try HealthStore.open(path: path, readOnly: true)
    }

    /// Per type rows, dates and anchors, and the latest imports.
    public func status() throws -> StoreStatus {
        try store.status()
    }

    /// The record types the store holds, with their rows and ranges.
    public func types() throws -> [TypeStatus] {
        try status().types.filter { $0.rows > 0 }
    }

    /// Per source (app or device), its rows and types, most rows first.
    public func sources(type: String? = nil) throws -> [SourceSummary] {
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
            var bySource: [String: SourceSummary] = [:]
            for pair in counter.pairs {
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

    /// The table that holds `type`, when the store has rows of it.
    public func table(of type: String) throws -> RecordTable? {
        try store.read { db in
            for table in RecordTable.withSources {
                let found =
                    try Bool.fetchOne(
                        db,
                        sql:
                            "SELECT EXISTS (SELECT 1 FROM \(table.name) WHERE \(table.typeColumn) = ? AND \(Self.current))",
                        arguments: [type]) ?? false
                if found { return table }
            }
            return nil
        }
    }

    /// The schema: every table's and view's `CREATE` statement.
    public func schemaSQL() throws -> String {
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
}

/// A sample table the readers know how to page through.
public struct RecordTable: Sendable, Equatable {
    /// The table's name.
    public var name: String
    /// Its type column.
    public var typeColumn: String
    /// The SQL of its value columns, as `value`, `unit`.
    public var valueColumns: String

    /// The tables with a type, a source and start and end dates.
    public static let withSources: [RecordTable] = [
        RecordTable(name: "quantity_samples", typeColumn: "type", valueColumns: "coalesce(value, value_text), unit"),
        RecordTable(name: "weight_samples", typeColumn: "type", valueColumns: "kilograms, 'kg'"),
        RecordTable(name: "category_samples", typeColumn: "type", valueColumns: "value, NULL"),
        RecordTable(
            name: "workouts", typeColumn: "activity_type",
            valueColumns: "round((end_unix - start_unix) / 60.0, 1), 'min'"),
        RecordTable(name: "correlations", typeColumn: "type", valueColumns: "NULL, NULL"),
    ]
}
