#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import HealthStatistics
import Logging
import PostgresNIO

/// Writes record batches into the PostgreSQL store's typed tables, as the SQLite store's writer
/// does: each table's rows go by `COPY` into a temporary staging table, then by one
/// `INSERT ... SELECT ... ON CONFLICT DO NOTHING` into the table (``RowBuffer``).
///
/// A batch takes two steps: first every record's own row (`RETURNING uuid` tells which were
/// new), then the child rows (metadata, beats, members, workout parts, route points) of the
/// new ones only. A record the store already had is counted in ``duplicates`` and its children
/// are not written again. Call it inside a transaction; it never opens one.
final class PostgresRecordWriter {
    let connection: PostgresConnection
    let logger: Logger
    let person: String
    /// Two sets of buffers: ``prepare(_:)`` binds a batch into the one the batch written before
    /// it does not use.
    private let binders: [PostgresRowBinder]
    private var spare = 0
    /// The buffers of the batch being written, which its rewrites use too.
    private var writing: PostgresRowBinder
    /// Records skipped because the store already had their UUID, by type.
    private(set) var duplicates: [String: Int] = [:]
    /// Rows the writer added, by type.
    private(set) var added: [String: Int] = [:]

    /// Stored records whose content the writer brought up to date, by type.
    private(set) var updated: [String: Int] = [:]
    /// The types and starts of the records it added or updated (the days a webhook names).
    private(set) var touched = TouchedRanges()
    /// The UTC days of the samples it added, updated or replaced: the statistics to recompute
    /// (``PostgresStatistics``).
    var statisticsDays = TouchedDays()

    /// What the writer found so far, in the interface's terms: records the store already had,
    /// rows it added and records it updated. (Deletions are the scan's: ``PostgresDeletionScan``.)
    var outcome: StoreOutcome {
        var outcome = StoreOutcome()
        outcome.alreadyStored = duplicates
        outcome.added = added
        outcome.updated = updated
        outcome.touched = touched
        return outcome
    }

    /// The bytes of child rows of one table loaded at once at most (about).
    static let childBytesPerLoad = 4 << 20

    /// Where the writer notes the samples' clock metadata and its rewrites, for the statistics
    /// computed beside an import.
    private let clocks: ClockMetadataLog?

    init(connection: PostgresConnection, person: String, logger: Logger, clocks: ClockMetadataLog? = nil) {
        self.connection = connection
        self.person = person
        self.logger = logger
        self.clocks = clocks
        binders = [
            PostgresRowBinder(person: person, clocks: clocks), PostgresRowBinder(person: person, clocks: clocks),
        ]
        writing = binders[0]
    }

    /// A batch whose records' own rows are bound, for ``write(_:)-(PreparedBatch)``.
    struct PreparedBatch {
        let records: [IdentifiedRecord]
        let binder: PostgresRowBinder
    }

    /// Binds the own rows of `batch`'s records, on the caller's thread: while the batch before
    /// is still being written (its buffers are the other set), but not before its write began.
    func prepare(_ batch: [IdentifiedRecord]) -> PreparedBatch {
        let binder = binders[spare]
        spare = 1 - spare
        binder.bind(batch)
        return PreparedBatch(records: batch, binder: binder)
    }

    /// Writes a batch of records.
    func write(_ batch: [IdentifiedRecord]) async throws {
        try await write(prepare(batch))
    }

    /// Writes a prepared batch of records.
    func write(_ prepared: PreparedBatch) async throws {
        let (batch, binder) = (prepared.records, prepared.binder)
        let tables = binder.tables
        writing = binder
        let sync = try await planSync(batch)
        if !sync.keepStored.isEmpty {
            // Records a newer stored version keeps are not written: bound before that was known, bind again.
            binder.removeAll()
            binder.bind(batch, skipping: sync.keepStored)
        }
        try await removeRewritten(sync, in: batch)
        var isNew = [Bool](repeating: false, count: batch.count)
        for buffer in tables.all where buffer.table.returning != nil && !buffer.isEmpty {
            let owners = buffer.owners
            switch try await buffer.flush(connection, logger: logger) {
            case .all: for owner in owners { isNew[owner] = true }
            case .ids(let returned): Self.mark(returned, of: owners, in: batch, isNew: &isNew)
            }
        }
        var stored: [IdentifiedRecord] = []
        var tally = TypeTally()
        var run = TouchedRun()
        for index in batch.indices {
            let record = batch[index].record
            if let replaced = sync.replacing[index] {
                touched.note(type: record.type, start: replaced.start)
                statisticsDays.noteAround(type: record.type, start: replaced.start)
            }
            if isNew[index] {
                noteDays(record)
                binder.bindChildren(batch[index])
                if sync.newerVersion.contains(index) {
                    noteUpdated(record)
                } else {
                    tally.count(record.type, into: &added)
                    if let start = record.start?.secondsSince1970 {
                        run.note(type: record.type, start: start, into: &touched)
                    }
                    if sync.replacing[index] != nil { noteUpdated(record) }
                }
                // A batch is a count of records, not of their beats or route points: memory
                // stays bounded only if child rows go out as they fill a buffer.
                for buffer in tables.children where buffer.byteCount >= Self.childBytesPerLoad {
                    _ = try await buffer.flush(connection, logger: logger)
                }
            } else if sync.replacing[index] != nil {
                noteUpdated(record)
            } else if !sync.tagged.contains(index), !batch[index].isRepeat, Self.canCorrect(record) {
                stored.append(batch[index])
            } else {
                duplicates[record.type, default: 0] += 1
            }
        }
        tally.finish(into: &added)
        run.end(into: &touched)
        for buffer in tables.all where !buffer.isEmpty {
            _ = try await buffer.flush(connection, logger: logger)
        }
        try await finishSync(sync, in: batch)
        for item in stored {
            if try await correct(item) {
                noteUpdated(item.record)
            } else {
                duplicates[item.record.type, default: 0] += 1
            }
        }
    }

    /// Writes `item` (a record whose stored rows were removed) and its child rows again, now.
    func rewrite(_ item: IdentifiedRecord) async throws {
        clocks?.noteRewritten(uuid: item.id.description)
        let tables = writing.tables
        writing.bindRecord(item, index: 0)
        for buffer in tables.all where buffer.table.returning != nil && !buffer.isEmpty {
            _ = try await buffer.flush(connection, logger: logger)
        }
        writing.bindChildren(item)
        for buffer in tables.all where !buffer.isEmpty {
            _ = try await buffer.flush(connection, logger: logger)
        }
    }

    /// Counts `record` as updated and notes its start.
    private func noteUpdated(_ record: HealthRecord) {
        updated[record.type, default: 0] += 1
        if let start = record.start?.secondsSince1970 { touched.note(type: record.type, start: start) }
        noteDays(record)
    }

    /// Notes the days of a sample whose rows changed, for its statistics.
    @inline(__always)
    private func noteDays(_ record: HealthRecord) {
        let header: SampleHeader
        switch record {
        case .quantity(let sample): header = sample.header
        case .category(let sample): header = sample.header
        case .weight(let sample): header = sample.header
        default: return
        }
        statisticsDays.note(
            type: header.type, start: header.startDate.secondsSince1970, end: header.endDate.secondsSince1970)
    }

    /// Marks the records of `owners` (indices into `batch`) whose ID the server returned as
    /// new. The server returns the rows in the order they were copied, so the two lists are
    /// walked in step; were they in another order, they are matched by a set instead.
    private static func mark(
        _ returned: [RecordID], of owners: [Int], in batch: [IdentifiedRecord], isNew: inout [Bool]
    ) {
        var position = 0
        for owner in owners where position < returned.count && returned[position] == batch[owner].id {
            isNew[owner] = true
            position += 1
        }
        guard position < returned.count else { return }
        var remaining = Set(returned)
        for owner in owners { isNew[owner] = remaining.remove(batch[owner].id) != nil }
    }
}
#endif
