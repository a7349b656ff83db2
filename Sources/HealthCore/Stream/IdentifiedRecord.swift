import HealthExport

/// A record with its content-derived identity.
public struct IdentifiedRecord: Sendable {
    /// The record.
    public var record: HealthRecord
    /// Its stable ID.
    public var id: RecordID
    /// For a correlation, its members' IDs in the order of the correlation's `members`; empty otherwise.
    public var memberIDs: [RecordID]
    /// Whether a record whose content can change (``CorrectionRules/mayChange(_:)``) came
    /// before in this run under the same ID: stores keep the first's content and never correct
    /// with a repeat's, so that importing an export again changes nothing.
    public var isRepeat = false

    /// Pairs a record with its ID (and, for a correlation, its members' IDs).
    public init(record: HealthRecord, id: RecordID, memberIDs: [RecordID] = []) {
        self.record = record
        self.id = id
        self.memberIDs = memberIDs
    }
}
