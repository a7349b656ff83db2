import HealthExport
import HealthStatistics

/// The clock metadata (`HKTimeZone`, `HKWasUserEntered`) of the store an import writes, kept
/// current from what its writer notes: the one copy that the statistics computed beside the
/// writer, and the writer's own at the end, read (``current(readStore:)``).
///
/// Without it those statistics read every clock metadata row of the store for each range of
/// days they computed: as often as the import committed, and more rows each time. The writer's
/// notes go straight into the compact entries: held as notes until the statistics took them,
/// they took several times the memory, all of a run's when its first statistics came late.
package final class ClockMetadataLog: Sendable {
    /// What the writer noted, merged with the store's rows once they were read.
    private let builder = Locked(ClockMetadata.Builder())
    /// Whether the store's rows were read; held while they are, so that they are read once.
    private let storeRead = Locked(false)

    package init() {}

    /// Notes the clock entries among `entries`, the metadata of the sample `id`, as the writer
    /// writes them (before their transaction commits).
    package func note(_ entries: [MetadataEntry], of id: RecordID) {
        for entry in entries where entry.key == ClockMetadata.timeZoneKey || entry.key == ClockMetadata.userEnteredKey {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { uuid in
                id.write(into: uuid.baseAddress!)
                var key = entry.key
                key.withUTF8 { key in
                    builder.withLock {
                        $0.add(uuid: UnsafeRawBufferPointer(uuid), key: UnsafeRawBufferPointer(key), value: entry.value)
                    }
                }
            }
        }
    }

    /// Notes that the writer removed the stored rows of the record whose UUID's text is `uuid`,
    /// to write it again: its entries until then no longer hold.
    package func noteRewritten(uuid: String) {
        var uuid = uuid
        uuid.withUTF8 { uuid in builder.withLock { $0.remove(uuid: UnsafeRawBufferPointer(uuid)) } }
    }

    /// The clock metadata of every sample the store holds now, and of those noted; the first
    /// call has `readStore` add the store's rows (committed, or seen by the caller) to a builder.
    ///
    /// Drop the result before calling again: the builder merges newer notes into the entries it
    /// shares, and would copy them otherwise.
    package func current(readStore: (inout ClockMetadata.Builder) throws -> Void) throws -> ClockMetadata {
        try storeRead.withLock { read in
            guard !read else { return }
            // Without the builder's lock: the writer goes on noting meanwhile.
            var stored = ClockMetadata.Builder()
            try readStore(&stored)
            builder.withLock { $0.addStored(stored) }
            read = true
        }
        return builder.withLock { $0.build() }
    }
}
