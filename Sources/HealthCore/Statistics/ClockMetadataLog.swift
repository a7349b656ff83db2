import HealthExport
import HealthStatistics

/// The clock metadata (`HKTimeZone`, `HKWasUserEntered`) of the samples an import writes, handed
/// from its writer to the statistics computed beside it (``ClockMetadataReplica``).
///
/// Without it those statistics read every clock metadata row of the store for each range of
/// days they computed: as often as the import committed, and more rows each time.
package final class ClockMetadataLog: Sendable {
    /// What the writer noted, in its order.
    fileprivate enum Note: Sendable {
        /// An entry (`HKTimeZone` or `HKWasUserEntered`) of the sample `id`.
        case entry(id: RecordID, MetadataEntry)
        /// The stored rows of the record whose UUID's text is `uuid` were removed, to be written again.
        case rewritten(uuid: String)
    }

    private let notes = Locked<[Note]>([])

    package init() {}

    /// Notes the clock entries among `entries`, the metadata of the sample `id`, as the writer
    /// writes them (before their transaction commits).
    package func note(_ entries: [MetadataEntry], of id: RecordID) {
        for entry in entries where entry.key == ClockMetadata.timeZoneKey || entry.key == ClockMetadata.userEnteredKey {
            notes.withLock { $0.append(.entry(id: id, entry)) }
        }
    }

    /// Notes that the writer removed the stored rows of the record whose UUID's text is `uuid`,
    /// to write it again: its entries until then no longer hold.
    package func noteRewritten(uuid: String) {
        notes.withLock { $0.append(.rewritten(uuid: uuid)) }
    }

    /// What was noted since the last call, in order.
    fileprivate func take() -> [Note] {
        notes.withLock { notes in
            defer { notes.removeAll() }
            return notes
        }
    }
}

/// The statistics thread's copy of a store's clock metadata during an import: read from the
/// store once, then kept current with what the writer notes in its ``ClockMetadataLog``.
///
/// Use it on one thread.
package final class ClockMetadataReplica {
    private let log: ClockMetadataLog
    private var builder: ClockMetadata.Builder?
    private var built: ClockMetadata?

    /// A replica kept current from `log`.
    package init(log: ClockMetadataLog) {
        self.log = log
    }

    /// The clock metadata of every sample the store holds now; `readStore` adds the store's
    /// rows to a builder, the first time.
    package func current(readStore: (inout ClockMetadata.Builder) throws -> Void) throws -> ClockMetadata {
        let notes = log.take()
        if builder == nil {
            // Entries of records committed since they were noted are added twice: the builder merges them.
            var fresh = ClockMetadata.Builder()
            try readStore(&fresh)
            builder = fresh
        }
        if !notes.isEmpty {
            Self.apply(notes, to: &builder!)
            built = nil
        }
        if let built { return built }
        let metadata = builder!.build()
        built = metadata
        return metadata
    }

    private static func apply(_ notes: [ClockMetadataLog.Note], to builder: inout ClockMetadata.Builder) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { uuid in
            for note in notes {
                switch note {
                case .entry(let id, var entry):
                    id.write(into: uuid.baseAddress!)
                    entry.key.withUTF8 { key in
                        builder.add(
                            uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: entry.value)
                    }
                case .rewritten(var text):
                    text.withUTF8 { builder.remove(uuid: UnsafeRawBufferPointer($0)) }
                }
            }
        }
    }
}
