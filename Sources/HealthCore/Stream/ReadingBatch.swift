import HealthExport

/// The records the reading thread gathers before handing them to the consuming thread, with
/// their IDs when it derives them (see ``RecordStream/run(_:)``).
struct ReadingBatch {
    /// What derives the IDs here; `nil` leaves them to the consuming thread.
    private var identity: RecordIdentity?
    private var records: [HealthRecord] = []
    private var identified: [IdentifiedRecord] = []

    init(identifying: Bool) {
        identity = identifying ? RecordIdentity() : nil
        records.reserveCapacity(identifying ? 0 : RecordStream.batchSize)
        identified.reserveCapacity(identifying ? RecordStream.batchSize : 0)
    }

    var isEmpty: Bool { records.isEmpty && identified.isEmpty }

    /// Values the batch's records hold beside their rows (``HealthRecord/batchWeight``).
    private var weight = 0

    /// A batch also ends when its records hold this many values: a run of heart-rate variability
    /// samples of 80 beats each made batches of 2.5 MB, and the queue's four of them were the
    /// largest part of an import's peak memory (19 MB of beats on the 1 GB benchmark export).
    static let weightLimit = RecordStream.batchSize * 8

    /// Adds `record`; returns whether the batch is full.
    mutating func append(_ record: consuming HealthRecord) -> Bool {
        weight += record.batchWeight
        if identity == nil {
            records.append(record)
        } else {
            identified.append(RecordStream.identified(record, with: &identity!))
        }
        return records.count + identified.count == RecordStream.batchSize || weight >= Self.weightLimit
    }

    /// Hands the batch over and starts the next.
    mutating func take() -> RecordStream.StreamItem {
        defer {
            weight = 0
            records.removeAll(keepingCapacity: true)
            identified.removeAll(keepingCapacity: true)
        }
        return identity == nil ? .records(records) : .identified(identified)
    }
}
