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

    /// A batch also ends when its records hold this many values: in a run of heart-rate
    /// variability samples, each with dozens of beats, full batches of records were the largest
    /// part of an import's peak memory.
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
