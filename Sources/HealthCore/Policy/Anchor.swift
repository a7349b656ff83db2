import HealthExport

/// What an earlier import of one record type left behind, so the next import takes only what is new.
///
/// An anchor has two parts:
/// - a frontier in creation time: ``newestCreation`` (the newest `creationDate` imported,
///   falling back to `startDate`) and ``boundary``, the IDs of the records created at exactly
///   that second, which settles ties;
/// - the covered window: ``coveredStart``, the oldest `startDate` the imported windows reached
///   (`nil` when the whole history was taken).
///
/// A record created at or before the frontier (and not a boundary tie it doesn't know) and
/// starting inside the covered window was seen by an earlier import: it is already imported.
public struct Anchor: Sendable, Equatable, Codable {
    /// The record type (`HKQuantityTypeIdentifierBodyMass`, `HKWorkoutActivityTypeRunning`, ...).
    public var type: String
    /// Seconds since 1970 UTC of the newest creation date imported.
    public var newestCreation: Int64
    /// IDs of the imported records created at exactly ``newestCreation``.
    public var boundary: Set<RecordID>
    /// Seconds since 1970 UTC of the oldest start the imports covered; `nil` for the whole history.
    public var coveredStart: Int64?
    /// When the anchor last moved, ISO 8601 (UTC).
    public var updated: String?

    /// Creates an anchor.
    public init(
        type: String, newestCreation: Int64, boundary: Set<RecordID>, coveredStart: Int64?, updated: String? = nil
    ) {
        self.type = type
        self.newestCreation = newestCreation
        self.boundary = boundary
        self.coveredStart = coveredStart
        self.updated = updated
    }

    /// Whether the covered window reaches back to `start`.
    public func covers(start: Int64) -> Bool {
        guard let coveredStart else { return true }
        return start >= coveredStart
    }

    /// Whether a record created at `creation` with `id` lies at or behind the frontier.
    public func isBehindFrontier(creation: Int64, id: RecordID) -> Bool {
        creation < newestCreation || (creation == newestCreation && boundary.contains(id))
    }

    private enum CodingKeys: String, CodingKey {
        case type, newestCreation, boundary, coveredStart, updated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        newestCreation = try container.decode(Int64.self, forKey: .newestCreation)
        let ids = try container.decode([String].self, forKey: .boundary)
        boundary = Set(ids.compactMap(RecordID.init))
        coveredStart = try container.decodeIfPresent(Int64.self, forKey: .coveredStart)
        updated = try container.decodeIfPresent(String.self, forKey: .updated)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(newestCreation, forKey: .newestCreation)
        try container.encode(boundaryText, forKey: .boundary)
        try container.encodeIfPresent(coveredStart, forKey: .coveredStart)
        try container.encodeIfPresent(updated, forKey: .updated)
    }

    /// The boundary IDs in canonical form, sorted (so files and rows are deterministic).
    public var boundaryText: [String] { boundary.sorted().map(\.description) }
}
