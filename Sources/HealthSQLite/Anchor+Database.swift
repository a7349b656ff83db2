import GRDB
import HealthCore
import HealthExport

extension Anchor {
    /// Every anchor in the store, by type.
    static func fetchAll(_ db: Database) throws -> [String: Anchor] {
        var anchors: [String: Anchor] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT type, newest_creation_unix, boundary_uuids, covered_start_unix, updated FROM anchors")
        while let row = try rows.next() {
            let type: String = row[0]
            let ids = (row[2] as String).split(separator: ",").compactMap { RecordID(String($0)) }
            anchors[type] = Anchor(
                type: type, newestCreation: row[1], boundary: Set(ids), coveredStart: row[3], updated: row[4])
        }
        return anchors
    }

    /// Writes this anchor, replacing the type's previous one.
    func save(_ db: Database, importID: Int64?) throws {
        let offsetZero = { (seconds: Int64?) in
            seconds.map { ExportTimestamp(secondsSince1970: $0, offsetMinutes: 0).iso8601 }
        }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO anchors (type, newest_creation_unix, newest_creation_date, boundary_uuids, \
                covered_start_unix, covered_start_date, import_id, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                type, newestCreation, newestCreation == Int64.min ? nil : offsetZero(newestCreation),
                boundaryText.joined(separator: ","), coveredStart, offsetZero(coveredStart), importID, updated,
            ])
    }
}

/// Reads and resets the store's anchors.
extension HealthStore {
    /// Every anchor, by type.
    public func anchors() throws -> [String: Anchor] {
        try read { db in try Anchor.fetchAll(db) }
    }

    /// Deletes the anchors of `types` (all of them for `nil`); returns how many went.
    ///
    /// The rows stay: the next import reads the default window again and finds what it
    /// already has by UUID.
    @discardableResult
    public func resetAnchors(types: [String]? = nil) throws -> Int {
        try write { db in
            if let types {
                var count = 0
                for type in types {
                    try db.execute(sql: "DELETE FROM anchors WHERE type = ?", arguments: [type])
                    count += db.changesCount
                }
                return count
            }
            try db.execute(sql: "DELETE FROM anchors")
            return db.changesCount
        }
    }
}
