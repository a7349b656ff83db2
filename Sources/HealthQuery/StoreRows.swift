import GRDB

/// A query of a store's tables written once for both engines (see ``StoreSQLDialect``): its SQL
/// and its values, bound in order (after the person, in PostgreSQL).
package typealias StoreQuery = (sql: String, values: [StoreValue])

/// Runs ``StoreQuery``s on an SQLite store.
package enum StoreRows {
    /// The rows of `query`, as store values.
    package static func fetch(_ db: Database, _ query: StoreQuery) throws -> [[StoreValue]] {
        let arguments = StatementArguments(
            query.values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .null: nil
                case .integer(let integer): integer
                case .real(let real): real
                case .text(let text): text
                }
            })
        return try Row.fetchAll(db, sql: query.sql, arguments: arguments).map { row in
            row.databaseValues.map { value in
                switch value.storage {
                case .int64(let integer): .integer(integer)
                case .double(let real): .real(real)
                case .string(let text): .text(text)
                case .null, .blob: .null
                }
            }
        }
    }
}
