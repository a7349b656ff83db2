import GRDB
import HealthCore

/// One stored record, as the MCP server hands it out.
public struct StoredRecord: Sendable, Codable, Equatable {
    public var uuid: String
    public var type: String
    public var source: String?
    public var start: String
    public var end: String
    /// The value as a number (quantity, weight in kg, workout minutes).
    public var value: Double?
    /// The value as text (a category's value name).
    public var text: String?
    public var unit: String?
}

/// A page of records and the cursor of the next one.
public struct RecordPage: Sendable, Codable, Equatable {
    public var records: [StoredRecord]
    /// Pass as `cursor` for the next page; `nil` on the last page.
    public var nextCursor: String?
}

/// The most records one page holds.
public let maximumPageSize = 500

extension StoreReader {
    /// Records of `type` whose local start day is in `from...to`, in time order, `limit` at a
    /// time (at most ``maximumPageSize``), after `cursor` (from an earlier page).
    public func records(type: String, from: String, to: String, limit: Int, cursor: String?) throws -> RecordPage {
        guard let low = DayText.unixMidnight(from), let high = DayText.unixMidnight(to) else {
            throw QueryError("dates must be written yyyy-MM-dd")
        }
        guard (1...maximumPageSize).contains(limit) else {
            throw QueryError("limit must be between 1 and \(maximumPageSize)")
        }
        let after = try cursor.map(PageCursor.init(text:))
        guard let table = try table(of: type) else { return RecordPage(records: [], nextCursor: nil) }
        // The local day lies within 14 hours of the UTC one: the key range first, then the day.
        var sql = """
            SELECT uuid, \(table.typeColumn), source_name, start_date, end_date, \(table.valueColumns), start_unix
            FROM \(table.name)
            WHERE \(table.typeColumn) = ? AND start_unix >= ? AND start_unix < ?
              AND substr(start_date, 1, 10) BETWEEN ? AND ? AND \(Self.current)
            """
        var arguments: StatementArguments = [type, low - 50_400, high + 86_400 + 50_400, from, to]
        if let after {
            sql += " AND (start_unix > ? OR (start_unix = ? AND uuid > ?))"
            arguments += [after.start, after.start, after.uuid]
        }
        sql += " ORDER BY start_unix, uuid LIMIT ?"
        arguments += [limit + 1]
        return try store.read { db in
            var records: [StoredRecord] = []
            var last: PageCursor?
            for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                if records.count == limit {
                    return RecordPage(records: records, nextCursor: last?.text)
                }
                let value = row[5] as DatabaseValue
                var record = StoredRecord(
                    uuid: row[0], type: row[1], source: row[2], start: row[3], end: row[4], unit: row[6])
                switch value.storage {
                case .double(let number): record.value = number
                case .int64(let number): record.value = Double(number)
                case .string(let text): record.text = text
                default: break
                }
                records.append(record)
                last = PageCursor(start: row[7], uuid: row[0])
            }
            return RecordPage(records: records, nextCursor: nil)
        }
    }
}

/// Where a page ended: the last record's start and UUID.
struct PageCursor {
    var start: Int64
    var uuid: String

    init(start: Int64, uuid: String) {
        self.start = start
        self.uuid = uuid
    }

    /// Reads a cursor a client sent back; refuses anything this reader did not write.
    init(text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int64(parts[0]), parts[1].count == 36,
            parts[1].allSatisfy({ $0.isHexDigit || $0 == "-" })
        else { throw QueryError("cursor '\(text.prefix(60))' is not one this server wrote") }
        self.start = start
        self.uuid = String(parts[1])
    }

    var text: String { "\(start)/\(uuid)" }
}

/// A question the store cannot answer as asked; the message says why.
public struct QueryError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
