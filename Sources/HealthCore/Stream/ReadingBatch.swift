import HealthExport

/// The records the reading thread gathers before handing them to the consuming thread, with
/// their IDs when it derives them (see ``RecordStream/run(_:)``).
struct ReadingBatch {
    private let identifying: Bool
    private var identity = RecordIdentity()
    private var records: [HealthRecord] = []
    private var identified: [IdentifiedRecord] = []

    init(identifying: Bool) {
        self.identifying = identifying
        if identifying {
            identified.reserveCapacity(RecordStream.batchSize)
        } else {
            records.reserveCapacity(RecordStream.batchSize)
        }
    }

    var isEmpty: Bool { records.isEmpty && identified.isEmpty }

    /// Adds `record`; returns whether the batch is full.
    mutating func append(_ record: consuming HealthRecord) -> Bool {
        if identifying {
            identified.append(RecordStream.identified(record, with: &identity))
            return identified.count == RecordStream.batchSize
        }
        records.append(record)
        return records.count == RecordStream.batchSize
    }

    /// Hands the batch over and starts the next.
    mutating func take() -> RecordStream.StreamItem {
        if identifying {
            defer { identified.removeAll(keepingCapacity: true) }
            return .identified(identified)
        }
        defer { records.removeAll(keepingCapacity: true) }
        return .records(records)
    }
}
