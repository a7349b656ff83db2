#if PostgreSQL
import HealthPostgres
import HealthQuery
import PostgresNIO

/// Runs ``StoreQuery``s on a person's rows of a PostgreSQL store.
package enum PostgresRows {
    /// The rows of `query` (whose `$1` is the store's person), as store values.
    package static func fetch(_ store: PostgresStore, _ query: StoreQuery) async throws -> [[StoreValue]] {
        var rows: [[StoreValue]] = []
        try await store.streamRows(
            query.sql,
            binding: { binds in
                for value in query.values {
                    switch value {
                    case .null: binds.appendNull()
                    case .integer(let integer): binds.append(integer)
                    case .real(let real): binds.append(real)
                    case .text(let text): binds.append(text)
                    }
                }
            }
        ) { row in
            rows.append(try row.map(value))
        }
        return rows
    }

    /// A cell as a store value, by its type: a boolean as 1 or 0, as SQLite gives it.
    private static func value(_ cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .numeric: return Double(try cell.decode(String.self)).map(StoreValue.real) ?? .null
        default: return .text(try cell.decode(String.self))
        }
    }
}
#endif
