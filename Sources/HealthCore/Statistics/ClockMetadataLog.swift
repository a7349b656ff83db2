import HealthExport
import HealthStatistics

/// The clock metadata (`HKTimeZone`, `HKWasUserEntered`) of the samples an import writes, handed
/// from its writer to the statistics computed beside it (``ClockMetadataReplica``).
///
/// Without it those statistics read every clock metadata row of the store for each range of
/// days they computed: as often as the import committed, and more rows each time.
package final class ClockMetadataLog: Sendable {
    /// A noted entry: the record, whether it is `HKTimeZone` (else `HKWasUserEntered`), its value.
    fileprivate typealias Entry = (id: RecordID, isTimeZone: Bool, value: String)

    private struct State {
        var noted: [Entry] = []
        /// Whether the writer removed stored rows of a record it then wrote again: an entry the
        /// store held for it may have gone.
        var rewritten = false
    }

    private let state = Locked(State())

    package init() {}

    /// Notes the clock entries among `entries`, the metadata of the sample `id`, as the writer
    /// writes them (before their transaction commits).
    package func note(_ entries: [MetadataEntry], of id: RecordID) {
        for entry in entries {
            let isTimeZone = entry.key == Self.timeZoneKey
            guard isTimeZone || entry.key == Self.userEnteredKey else { continue }
            state.withLock { $0.noted.append((id, isTimeZone, entry.value)) }
        }
    }

    /// Notes that the writer removed the stored rows of a record to write it again.
    package func noteRewritten() {
        state.withLock { $0.rewritten = true }
    }

    /// What was noted since the last call, and whether a record was rewritten since.
    fileprivate func take() -> (entries: [Entry], rewritten: Bool) {
        state.withLock { state in
            defer { state = State() }
            return (state.noted, state.rewritten)
        }
    }

    static let timeZoneKey = "HKTimeZone"
    static let userEnteredKey = "HKWasUserEntered"
}

/// The statistics thread's copy of a store's clock metadata during an import: read from the
/// store once, then kept current with what the writer notes in its ``ClockMetadataLog``.
///
/// Use it on one thread.
package final class ClockMetadataReplica {
    private let log: ClockMetadataLog
    /// Every entry taken from the log, to add again when the store is read again.
    private var taken: [ClockMetadataLog.Entry] = []
    private var builder: ClockMetadata.Builder?
    private var built: ClockMetadata?

    /// A replica kept current from `log`.
    package init(log: ClockMetadataLog) {
        self.log = log
    }

    /// The clock metadata of every sample the store holds now; `readStore` adds the store's
    /// rows to a builder, when they are needed (first, and after a rewrite).
    package func current(readStore: (inout ClockMetadata.Builder) throws -> Void) throws -> ClockMetadata {
        let (entries, rewritten) = log.take()
        taken += entries
        if builder == nil || rewritten {
            // Entries of records committed since are read twice: the builder merges them.
            var fresh = ClockMetadata.Builder()
            try readStore(&fresh)
            Self.add(taken, to: &fresh)
            builder = fresh
            built = nil
        } else if !entries.isEmpty {
            Self.add(entries, to: &builder!)
            built = nil
        }
        if let built { return built }
        let metadata = builder!.build()
        built = metadata
        return metadata
    }

    private static func add(_ entries: [ClockMetadataLog.Entry], to builder: inout ClockMetadata.Builder) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { uuid in
            for entry in entries {
                entry.id.write(into: uuid.baseAddress!)
                let key = entry.isTimeZone ? ClockMetadataLog.timeZoneKey : ClockMetadataLog.userEnteredKey
                var keyText = key
                keyText.withUTF8 { key in
                    builder.add(
                        uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: entry.value)
                }
            }
        }
    }
}
