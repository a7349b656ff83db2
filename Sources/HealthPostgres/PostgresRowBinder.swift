#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON
import HealthStoreRows

/// Binds records' rows into a set of ``RowBuffer``s, one per table, in `COPY`'s text format: a
/// record's own row, and the rows that belong to it (metadata, beats, members, a workout's
/// parts, route points). A ``PostgresRecordWriter`` keeps two, so that one batch's rows are
/// bound while the batch before is being stored.
final class PostgresRowBinder {
    let tables: TableBuffers
    private let headers = HeaderRows()

    /// Where the samples' clock metadata goes as it is bound, for the statistics computed beside the import.
    private let clocks: ClockMetadataLog?

    init(person: String, clocks: ClockMetadataLog? = nil) {
        tables = TableBuffers(person: person)
        self.clocks = clocks
    }

    /// Binds the own rows of `batch`'s records but those at `skipping`, each ID once: a record
    /// the batch already holds is compared with the stored row, as a record the store already
    /// had is.
    func bind(_ batch: [IdentifiedRecord], skipping: Set<Int> = []) {
        var bound = Set<RecordID>(minimumCapacity: batch.count)
        for (index, item) in batch.enumerated() where !skipping.contains(index) {
            if bound.insert(item.id).inserted { bindRecord(item, index: index) }
        }
    }

    /// Empties every buffer.
    func removeAll() {
        for buffer in tables.all { buffer.removeAll() }
    }

    // MARK: Records' own rows

    /// Binds `item`'s own row; `index` is its place in the batch (``RowBuffer/owners``).
    func bindRecord(_ item: IdentifiedRecord, index: Int) {
        let uuid = item.id
        switch item.record {
        case .quantity(let sample):
            let rows = tables.quantitySamples
            rows.key(type: sample.header.type, start: sample.header.startDate.secondsSince1970, id: uuid)
            bindHeader(rows, sample.header, uuid: uuid)
            rows.real(sample.value)
            rows.text(sample.unit)
            rows.text(sample.valueText)
            rows.endRow(owner: index)
        case .weight(let sample):
            let rows = tables.weightSamples
            bindHeader(rows, sample.header, uuid: uuid)
            rows.real(sample.kilograms)
            rows.real(sample.value)
            rows.text(sample.unit)
            rows.endRow(owner: index)
        case .category(let sample):
            let rows = tables.categorySamples
            rows.key(type: sample.header.type, start: sample.header.startDate.secondsSince1970, id: uuid)
            bindHeader(rows, sample.header, uuid: uuid)
            rows.text(sample.value)
            rows.integer(sample.rawValue)
            rows.endRow(owner: index)
        case .correlation(let correlation):
            let rows = tables.correlations
            bindHeader(rows, correlation.header, uuid: uuid)
            rows.endRow(owner: index)
        case .workout(let workout):
            let rows = tables.workouts
            headers.bind(workout.header, type: workout.activityType, id: uuid, into: rows)
            RecordRows.bindTotals(of: workout, into: rows)
            rows.endRow(owner: index)
        case .activitySummary(let summary):
            RecordRows.bind(summary, id: uuid, into: tables.activitySummaries)
            tables.activitySummaries.endRow(owner: index)
        case .export(let facts):
            RecordRows.bind(facts, id: uuid, into: tables.exports)
            tables.exports.endRow(owner: index)
        case .clinical(let record):
            RecordRows.bind(record, id: uuid, into: tables.clinicalRecords)
            tables.clinicalRecords.endRow(owner: index)
        case .audiogram(let audiogram):
            let rows = tables.audiograms
            bindHeader(rows, audiogram.header, uuid: uuid)
            rows.json { out in
                out.beginArray()
                for point in audiogram.points { out.object(point) }
                out.endArray()
            }
            rows.endRow(owner: index)
        case .visionPrescription(let prescription):
            RecordRows.bind(prescription, id: uuid, into: tables.visionPrescriptions)
            tables.visionPrescriptions.endRow(owner: index)
        case .route(let route):
            RecordRows.bind(route, id: uuid, into: tables.routes)
            tables.routes.endRow(owner: index)
        case .electrocardiogram(let ecg):
            RecordRows.bind(ecg, id: uuid, into: tables.electrocardiograms)
            tables.electrocardiograms.endRow(owner: index)
        }
    }

    private func bindHeader(_ rows: RowBuffer, _ header: SampleHeader, uuid: RecordID) {
        headers.bind(header, id: uuid, into: rows)
    }

    // MARK: Child rows of new records

    /// Binds the rows that belong to `item` beside its own (written for new records only).
    func bindChildren(_ item: IdentifiedRecord) {
        let uuid = item.id
        switch item.record {
        case .quantity(let sample):
            bindMetadata(sample.metadata, owner: uuid, ofSample: true)
            RecordRows.bindBeats(sample.beats, id: uuid, into: tables.heartbeatSeries) { $0.endRow() }
        case .weight(let sample): bindMetadata(sample.metadata, owner: uuid, ofSample: true)
        case .category(let sample): bindMetadata(sample.metadata, owner: uuid, ofSample: true)
        case .correlation(let correlation):
            bindMetadata(correlation.metadata, owner: uuid)
            let members = tables.correlationMembers
            for (member, memberID) in zip(correlation.members, item.memberIDs) {
                members.id(uuid)
                members.id(memberID)
                members.text(member.record.kind.rawValue)
                members.endRow()
            }
        case .workout(let workout): bindParts(of: workout, uuid: uuid)
        case .audiogram(let audiogram): bindMetadata(audiogram.metadata, owner: uuid)
        case .visionPrescription(let prescription): bindMetadata(prescription.metadata, owner: uuid)
        case .route(let route):
            RecordRows.bindPoints(of: route, id: uuid, into: tables.routePoints) { $0.endRow() }
        case .activitySummary, .export, .clinical, .electrocardiogram: break
        }
    }

    private func bindMetadata(_ entries: [MetadataEntry], owner: RecordID, ofSample: Bool = false) {
        guard !entries.isEmpty else { return }
        if ofSample { clocks?.note(entries, of: owner) }
        let rows = tables.metadata
        for (position, entry) in entries.enumerated() {
            rows.id(owner)
            rows.integer(position)
            rows.text(entry.key)
            rows.text(entry.value)
            rows.endRow()
        }
    }

    private func bindParts(of workout: Workout, uuid: RecordID) {
        bindMetadata(workout.metadata, owner: uuid)
        let end: (RowBuffer) -> Void = { $0.endRow() }
        RecordRows.bindZones(of: workout, id: uuid, into: tables.workoutZones, end: end)
        let digests = tables.recordDigests
        digests.id(uuid)
        digests.text(ContentDigest.text(of: workout))
        digests.endRow()
        RecordRows.bindEvents(workout.events, workout: uuid, activity: 0, into: tables.workoutEvents, end: end)
        RecordRows.bindStatistics(
            workout.statistics, workout: uuid, activity: 0, into: tables.workoutStatistics, end: end)
        RecordRows.bindActivities(of: workout, id: uuid, into: tables.workoutActivities, end: end)
        for (index, activity) in workout.activities.enumerated() {
            RecordRows.bindEvents(
                activity.events, workout: uuid, activity: index + 1, into: tables.workoutEvents, end: end)
            RecordRows.bindStatistics(
                activity.statistics, workout: uuid, activity: index + 1, into: tables.workoutStatistics, end: end)
        }
        RecordRows.bindRoutes(of: workout, id: uuid, into: tables.workoutRoutes, end: end)
    }
}
#endif
