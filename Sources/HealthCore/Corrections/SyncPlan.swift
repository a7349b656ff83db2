import HealthExport

/// What the records with a sync identifier of one batch do to a store, decided by
/// ``CorrectionRules/sync(incoming:version:stored:)`` in the batch's order: each record sees the
/// versions of the records before it, stored or in the batch.
///
/// Both stores write from it: the SQLite store one record at a time, the PostgreSQL store a
/// batch at a time. A store finds the tagged records with ``tags(in:)``, looks up the stored
/// versions of their keys, and writes what the plan says.
public struct SyncPlan: Sendable {
    /// A type, source and sync identifier: the key one current record holds.
    public struct Key: Hashable, Sendable {
        public var type: String
        public var source: String
        public var identifier: String

        /// Creates a key.
        public init(type: String, source: String, identifier: String) {
            self.type = type
            self.source = source
            self.identifier = identifier
        }
    }

    /// The current record of a key, and where its row sits.
    public struct Version: Sendable {
        public var id: RecordID
        public var version: Double
        /// The record's start in seconds since 1970 (0 without one): the key of its row in the
        /// tables keyed by type and start.
        public var start: Int64

        /// Creates a version.
        public init(id: RecordID, version: Double, start: Int64) {
            self.id = id
            self.version = version
            self.start = start
        }
    }

    /// A record of the batch with a sync identifier.
    public struct Tag: Sendable {
        /// The record's index in the batch.
        public var index: Int
        public var key: Key
        public var version: Double
    }

    /// A stored row a record of the batch replaces: it gets `replaced_by`.
    public struct Replacement: Sendable {
        /// The replaced row's table (``RecordTables/synced(_:)``).
        public var table: String
        /// Whether the table is keyed by type and start before the UUID.
        public var keyedByType: Bool
        /// The replaced record's start.
        public var start: Int64
        /// The replaced record.
        public var old: RecordID
    }

    /// Every record with a sync identifier: settled here, never compared as a correction.
    public private(set) var tagged: Set<Int> = []
    /// Records older than the stored version: not written, counted as already imported.
    public private(set) var keepStored: Set<Int> = []
    /// Records stored under the same ID with a lower version: their rows are removed and
    /// written again, counted updated.
    public private(set) var newerVersion: Set<Int> = []
    /// Records that replace another stored record, whose row gets `replaced_by`.
    public private(set) var replacing: [Int: Replacement] = [:]
    /// The versions to save, by key: the last record of the batch that became current.
    public private(set) var saves: [Key: Version] = [:]

    /// The records of `batch` with a sync identifier, in order.
    public static func tags(in batch: [IdentifiedRecord]) -> [Tag] {
        batch.indices.compactMap { tag(of: batch[$0], at: $0) }
    }

    /// `item`'s tag as the record at `index` of a batch, if it has a sync identifier.
    @inline(__always)
    public static func tag(of item: IdentifiedRecord, at index: Int) -> Tag? {
        let metadata = item.record.ownMetadata
        guard !metadata.isEmpty, let tag = SyncTag(metadata: metadata) else { return nil }
        let key = Key(type: item.record.type, source: item.record.sourceName ?? "", identifier: tag.identifier)
        return Tag(index: index, key: key, version: tag.version)
    }

    /// Decides `tags` (``tags(in:)`` of `batch`) against `stored`, the current versions of
    /// their keys the store holds.
    public init(_ batch: [IdentifiedRecord], tags: [Tag], stored: [Key: Version]) {
        var current = stored
        for tag in tags {
            tagged.insert(tag.index)
            let item = batch[tag.index]
            let held = current[tag.key]
            let start = item.record.start?.secondsSince1970 ?? 0
            switch CorrectionRules.sync(
                incoming: item.id, version: tag.version, stored: held.map { ($0.id, $0.version) })
            {
            case .keepStored:
                keepStored.insert(tag.index)
                continue
            case .sameRecord:
                continue
            case .insert:
                break
            case .sameRecordNewerVersion:
                newerVersion.insert(tag.index)
            case .replace(let old):
                // Every kind with a sync identifier has a synced table (HealthRecord.ownMetadata).
                if let table = RecordTables.synced(item.record), let held {
                    replacing[tag.index] = Replacement(
                        table: table.name, keyedByType: table.keyedByType, start: held.start, old: old)
                }
            }
            let version = Version(id: item.id, version: tag.version, start: start)
            current[tag.key] = version
            saves[tag.key] = version
        }
    }
}
