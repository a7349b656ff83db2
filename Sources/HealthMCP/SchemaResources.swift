#if MCP
import HealthCore
import HealthQuery
import MCP

/// The resources: the store's schema, as SQL and as a short guide.
struct SchemaResources: Sendable {
    let reader: any StoreReading

    static let sqlURI = "healthimport://schema/sql"
    static let guideURI = "healthimport://schema/guide"

    static let list: [Resource] = [
        Resource(
            name: "schema.sql", uri: sqlURI, title: "Store schema (SQL)",
            description: "Every table's and view's CREATE statement in the healthimport store.",
            mimeType: "application/sql"),
        Resource(
            name: "schema.md", uri: guideURI, title: "Store schema guide",
            description: "What the tables hold, how dates and identities are stored, and what the tools answer.",
            mimeType: "text/markdown"),
    ]

    func read(_ uri: String) async throws -> ReadResource.Result {
        switch uri {
        case Self.sqlURI:
            let sql: String
            do {
                sql = try await reader.schemaSQL()
            } catch let error as StoreError {
                // The client is told what the store said, not the error's type and number.
                throw MCPError.internalError(error.message)
            }
            return .init(contents: [.text(sql, uri: uri, mimeType: "application/sql")])
        case Self.guideURI:
            return .init(contents: [.text(Self.guide, uri: uri, mimeType: "text/markdown")])
        default:
            throw MCPError.invalidParams(
                "unknown resource '\(uri.prefix(80))': the resources are \(Self.sqlURI) and \(Self.guideURI)")
        }
    }

    static let guide = """
        # The healthimport store

        A store of Apple Health records, filled by `healthimport import` from the Health app's export: an SQLite
        file, or one person's rows of a PostgreSQL database (whose tables add a `person` column). This server
        only reads it, one person's rows only: no tool writes, and no SQL from a client is run.

        - Every record has a `uuid` derived from its content (type, source, times), the same in every export.
        - Dates are kept as ISO 8601 text with the offset the export wrote (`start_date`; its first ten
          characters are the local day) and as UTC seconds (`start_unix`).
        - `quantity_samples`: numeric samples (`type`, `value`, `unit` as written). Body mass is in
          `weight_samples` (`kilograms`, always kg).
        - `category_samples`: sleep stages, stand hours, mindfulness... (`value` is the value's name, such as
          `HKCategoryValueSleepAnalysisAsleepREM`).
        - In SQLite both are views over `quantity_sample_rows` and `category_sample_rows`, which keep the type,
          source and device as keys into `sample_types`, `sample_sources` and `devices`: query the views.
        - `workouts` (`activity_type`, duration, distance, energy), with `workout_statistics`, `workout_events`
          and `routes`/`route_points`.
        - `activity_summaries`: the rings per day (move, exercise, stand and their goals).
        - `imports` and `anchors`: what was imported when, and where the next import continues.

        - Rows a later export deleted (`deleted_by`) or replaced by a newer version (`replaced_by`) stay in
          the tables; the tools leave them out, and so should SQL (`WHERE deleted_by IS NULL AND replaced_by IS NULL`).

        Statistics (`query_statistics`) are those of `healthimport stats` and the Health app, kept in
        `statistics` and `sleep_nights`: a cumulative type's day merges its sources by priority piece by
        piece of time (iPhone and Watch count the same steps once); a discrete type's day averages every
        source; a night of sleep runs noon to noon, stages taken by source priority. Weeks (from Monday) and
        months fold the days.
        """
}
#endif
