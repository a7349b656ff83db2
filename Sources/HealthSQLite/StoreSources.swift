import GRDB
import HealthStatistics

/// The `sources` table: every source statistics have seen, and the order `sources --priority` saved.
public enum StoreSources {
    /// A source as `healthimport sources` lists it.
    public typealias Listing = SourceListing

    /// The sources, highest priority first.
    public static func list(_ db: Database) throws -> [Listing] {
        let rows = try Row.fetchAll(db, sql: "SELECT name, device_model, position FROM sources")
        return SourceListing.ranked(rows.map { ($0[0], $0[1], $0[2]) })
    }

    /// Saves `order` (highest first) as the sources' priority and recomputes every statistic that depends on it,
    /// in the caller's transaction. Names the store has not seen are kept for later imports.
    public static func save(_ db: Database, order: [String]) throws {
        try db.execute(sql: "UPDATE sources SET position = NULL")
        for (position, name) in order.enumerated() {
            try db.execute(
                sql:
                    "INSERT INTO sources (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position",
                arguments: [name, position + 1])
        }
        try StoreStatistics.markAllPending(db)
        try StoreStatistics.refreshPending(db)
    }
}
