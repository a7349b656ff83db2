import HealthExport

/// A record with its content-derived identity.
public struct IdentifiedRecord: Sendable {
    /// The record.
    public var record: HealthRecord
    /// Its stable ID.
    public var id: RecordID
    /// For a correlation, its members' IDs in the order of the correlation's `members`; empty otherwise.
    public var memberIDs: [RecordID]

    /// Pairs a record with its ID (and, for a correlation, its members' IDs).
    public init(record: HealthRecord, id: RecordID, memberIDs: [RecordID] = []) {
        self.record = record
        self.id = id
        self.memberIDs = memberIDs
    }
}
