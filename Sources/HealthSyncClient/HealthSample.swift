#if SyncClient
import Foundation

/// One HealthKit sample as the phone sends it: the fields the export's identity rule reads
/// (type, source name, start, end, creation date, value, unit) and the rest of what the export
/// keeps (source version, device, metadata), with the sample's own HealthKit UUID.
///
/// Sent as the JSON object `POST /api/healthkit/samples` takes (docs/json-lines.md's `records`
/// schema), so the server names it with the same content UUID as the same sample found later in
/// an export; the HealthKit UUID travels beside it (`healthKitUUID`) for deletions.
public struct HealthSample: Sendable, Equatable {
    /// A quantity in a unit, or a category value.
    public enum Value: Sendable, Equatable {
        /// A number in the unit the export writes for the type (`count`, `kg`, `count/min`, ...).
        case quantity(Double, unit: String)
        /// A category value: its name as the export writes it (`HKCategoryValueSleepAnalysisAsleepCore`)
        /// and its raw value.
        case category(name: String?, rawValue: Int?)
    }

    /// HealthKit's UUID of the sample (`HKObject.uuid`).
    public var healthKitUUID: UUID
    /// The type identifier (`HKQuantityTypeIdentifierStepCount`).
    public var type: String
    public var sourceName: String
    public var sourceVersion: String?
    /// The device's description, as the export writes it; not part of the identity.
    public var device: String?
    public var start: Date
    public var end: Date
    /// When HealthKit saved the sample (the export's `creationDate`).
    public var created: Date?
    public var value: Value
    /// Metadata as the export writes it: keys and values as strings.
    public var metadata: [String: String]
    /// The offset from UTC, in seconds, the sample's dates are written with (a replayed export's,
    /// as it wrote them); `nil` for the encoder's time zone, a phone's own.
    public var utcOffsetSeconds: Int?

    public init(
        healthKitUUID: UUID, type: String, sourceName: String, sourceVersion: String? = nil, device: String? = nil,
        start: Date, end: Date, created: Date? = nil, value: Value, metadata: [String: String] = [:],
        utcOffsetSeconds: Int? = nil
    ) {
        self.healthKitUUID = healthKitUUID
        self.type = type
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.device = device
        self.start = start
        self.end = end
        self.created = created
        self.value = value
        self.metadata = metadata
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}
#endif
