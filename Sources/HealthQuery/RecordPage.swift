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

/// Where a page ended: the last record's start and UUID.
package struct PageCursor: Sendable {
    package var start: Int64
    package var uuid: String

    package init(start: Int64, uuid: String) {
        self.start = start
        self.uuid = uuid
    }

    /// Reads a cursor a client sent back; refuses anything this reader did not write.
    package init(text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int64(parts[0]), parts[1].count == 36,
            parts[1].allSatisfy({ $0.isHexDigit || $0 == "-" })
        else { throw QueryError("cursor '\(text.prefix(60))' is not one this server wrote") }
        self.start = start
        self.uuid = String(parts[1])
    }

    package var text: String { "\(start)/\(uuid)" }
}

/// A question the store cannot answer as asked; the message says why.
public struct QueryError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
