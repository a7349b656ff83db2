import HealthExport

/// The metadata that tells apart records whose other fields are all alike: an app's own ID
/// for the record (`HKExternalUUID`) and HealthKit's sync identifier.
///
/// Two portions of food logged in the same second differ only in their `HKExternalUUID`, so a
/// record carrying one of these keys gets an ID of its own: the version-5 UUID of its plain ID
/// (see ``RecordIdentity``) followed by the keys and values. Deriving it from the plain ID
/// lets a store imported before this rule move its rows to the new IDs from what it holds (the
/// old UUID and the metadata), without the export.
public enum DistinctIdentity {
    /// The keys that enter the name, in the order they do.
    public static let keys = ["HKExternalUUID", "HKMetadataKeySyncIdentifier"]

    /// The ID of a record whose plain ID is `base` and whose metadata is `metadata`: `base`
    /// itself when neither key is present.
    public static func id(base: RecordID, metadata: [MetadataEntry]) -> RecordID {
        guard !metadata.isEmpty else { return base }
        var external: String?
        var sync: String?
        for entry in metadata {
            switch entry.key.utf8.count {
            case 14 where entry.key == "HKExternalUUID": external = external ?? entry.value
            case 27 where entry.key == "HKMetadataKeySyncIdentifier": sync = sync ?? entry.value
            default: continue
            }
        }
        return id(base: base, externalUUID: external, syncIdentifier: sync)
    }

    /// The ID for `base` with the values of the two keys (`nil` when absent).
    public static func id(base: RecordID, externalUUID: String?, syncIdentifier: String?) -> RecordID {
        guard externalUUID != nil || syncIdentifier != nil else { return base }
        var name = "distinct\u{1F}\(base)\u{1F}"
        if let externalUUID { name += "HKExternalUUID\u{1F}\(externalUUID)\u{1F}" }
        if let syncIdentifier { name += "HKMetadataKeySyncIdentifier\u{1F}\(syncIdentifier)\u{1F}" }
        return RecordID(name: name)
    }
}

/// A record's sync identity: `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion`
/// (0 when absent), by which an app replaces a sample it saved before.
public struct SyncTag: Sendable, Equatable {
    /// The app's identifier for the sample, unique per source.
    public var identifier: String
    /// The version; the highest one of a source's identifier is the current record.
    public var version: Double

    /// Creates a tag.
    public init(identifier: String, version: Double) {
        self.identifier = identifier
        self.version = version
    }

    /// The tag in `metadata`, if it has a sync identifier.
    public init?(metadata: [MetadataEntry]) {
        var identifier: String?
        var version = 0.0
        for entry in metadata {
            switch entry.key.utf8.count {
            case 27 where entry.key == "HKMetadataKeySyncIdentifier": identifier = identifier ?? entry.value
            case 24 where entry.key == "HKMetadataKeySyncVersion": version = Double(entry.value) ?? 0
            default: continue
            }
        }
        guard let identifier else { return nil }
        self.init(identifier: identifier, version: version)
    }
}

extension HealthRecord {
    /// The record's own metadata entries (none for kinds without metadata).
    public var ownMetadata: [MetadataEntry] {
        switch self {
        case .quantity(let sample): sample.metadata
        case .weight(let sample): sample.metadata
        case .category(let sample): sample.metadata
        case .correlation(let correlation): correlation.metadata
        case .workout(let workout): workout.metadata
        default: []
        }
    }
}
