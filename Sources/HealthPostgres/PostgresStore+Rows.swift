#if PostgreSQL
import HealthCore
import PostgresNIO

extension PostgresStore {
    /// Runs `sql`, whose `$1` is this store's person and `$2`, `$3`, ... the values `bind`
    /// appends, and hands each row to `body` as the server sends it: the driver asks for more
    /// rows only as `body` takes them, so memory does not grow with the answer's size. `body`
    /// may throw to stop.
    public func streamRows(
        _ sql: String, binding bind: (inout PostgresBindings) -> Void = { _ in },
        _ body: (PostgresRow) async throws -> Void
    ) async throws {
        var binds = PostgresBindings()
        binds.append(person)
        bind(&binds)
        let (connection, query) = (connection!, PostgresQuery(unsafeSQL: sql, binds: binds))
        var watch: RowStreamWatch?
        defer { watch?.stop() }
        do {
            let rows = try await ConnectionWatch.run(connection, url: url) {
                try await connection.query(query, logger: Self.logger)
            }
            watch = RowStreamWatch(connection: connection, url: url)
            for try await row in rows {
                watch?.noteRow()
                try await body(row)
            }
        } catch  where watch?.silenced == true {
            throw StoreError.stoppedAnswering(url)
        } catch let error as PSQLError {
            throw StoreError.postgres(error, url: url)
        } catch  where connection.isClosed && !(error is StoreError) {
            throw StoreError.wentAway(url)
        }
    }
}
#endif
