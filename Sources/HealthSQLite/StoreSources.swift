import GRDB
import HealthStatistics

/// The `sources` table: every source statistics have seen, and the order `sources --priority` saved.
public enum StoreSources {
    /// A source as `healthimport sources` lists it.
    public struct Listing: Sendable, Equatable {
        public var name: String
        public var deviceModel: String?
        /// Its place in the saved order (1 = first), when it has one.
        public var savedPosition: Int?
        /// Its place in the priority statistics use (1 = highest).
        public var rank: Int
    }

    /// The sources, highest priority first.
    public static func list(_ db: Database) throws -> [Listing] {
        let rows = try Row.fetchAll(db, sql: "SELECT name, device_model, position FROM sources")
        let sources = rows.map { StatisticsSource(name: $0[0], deviceModel: $0[1]) }
        let saved = rows.compactMap { row in (row[2] as Int?).map { (row[0] as String, $0) } }.sorted { $0.1 < $1.1 }
        let priority = SourcePriority(sources: sources, preferred: saved.map(\.0))
        return rows.indices.map { index in
            Listing(
                name: sources[index].name, deviceModel: sources[index].deviceModel, savedPosition: rows[index][2],
                rank: Int(priority.rank[index]) + 1)
        }.sorted { $0.rank < $1.rank }
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
