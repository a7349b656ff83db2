/// A source as `healthimport sources` lists it, from a store's `sources` table.
public struct SourceListing: Sendable, Equatable {
    public var name: String
    public var deviceModel: String?
    /// Its place in the saved order (1 = first), when it has one.
    public var savedPosition: Int?
    /// Its place in the priority statistics use (1 = highest).
    public var rank: Int

    /// The rows of a `sources` table (name, device model, saved position), highest priority first.
    public static func ranked(_ rows: [(name: String, deviceModel: String?, position: Int?)]) -> [SourceListing] {
        let sources = rows.map { StatisticsSource(name: $0.name, deviceModel: $0.deviceModel) }
        let saved = rows.compactMap { row in row.position.map { (row.name, $0) } }.sorted { $0.1 < $1.1 }
        let priority = SourcePriority(sources: sources, preferred: saved.map(\.0))
        return rows.indices.map { index in
            SourceListing(
                name: rows[index].name, deviceModel: rows[index].deviceModel, savedPosition: rows[index].position,
                rank: Int(priority.rank[index]) + 1)
        }.sorted { $0.rank < $1.rank }
    }
}
