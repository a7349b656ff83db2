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
    private let tables: TableBuffers
    let person: String
    /// The last device written and its JSON: most samples repeat their predecessor's device.
    private var lastDevice: Device?
    private var lastDeviceJSON: String?
    /// Records skipped because the store already had their UUID, by type.
    private(set) var duplicates: [String: Int] = [:]
    /// Rows the writer added, by type.
    private(set) var added: [String: Int] = [:]

    /// Stored records whose content the writer brought up to date, by type.
    private(set) var updated: [String: Int] = [:]
    /// The types and starts of the records it updated.
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

    init(connection: PostgresConnection, person: String, logger: Logger) {
        self.connection = connection
        self.person = person
        self.logger = logger
        tables = TableBuffers(person: person)
    }

    /// Writes a batch of records.
    func write(_ batch: [IdentifiedRecord]) async throws {
        let sync = try await planSync(batch)
        try await removeRewritten(sync, in: batch)
        // One row per ID in a load: a record the batch already holds is compared with the
        // stored row below, as a record the store already had is.
        var bound = Set<RecordID>(minimumCapacity: batch.count)
        for (index, item) in batch.enumerated() where !sync.keepStored.contains(index) {
            if bound.insert(item.id).inserted { bindRecord(item, index: index) }
        }
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
        for index in batch.indices {
            let record = batch[index].record
            if let replaced = sync.replacing[index] {
                touched.note(type: record.type, start: replaced.start)
                statisticsDays.noteAround(type: record.type, start: replaced.start)
            }
            if isNew[index] {
                noteDays(record)
                bindChildren(batch[index])
                if sync.newerVersion.contains(index) {
                    noteUpdated(record)
                } else {
                    tally.count(record.type, into: &added)
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
        bindRecord(item, index: 0)
        for buffer in tables.all where buffer.table.returning != nil && !buffer.isEmpty {
            _ = try await buffer.flush(connection, logger: logger)
        }
        bindChildren(item)
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

    // MARK: Records' own rows

    private func bindRecord(_ item: IdentifiedRecord, index: Int) {
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
            var header = workout.header
            header.type = workout.activityType
            bindHeader(rows, header, uuid: uuid)
            rows.real(workout.duration?.value)
            rows.text(workout.duration?.unit)
            rows.real(workout.totalDistance?.value)
            rows.text(workout.totalDistance?.unit)
            rows.real(workout.totalEnergyBurned?.value)
            rows.text(workout.totalEnergyBurned?.unit)
            rows.endRow(owner: index)
        case .activitySummary(let summary):
            let rows = tables.activitySummaries
            rows.id(uuid)
            rows.text(summary.day.iso8601)
            rows.integer(summary.start.secondsSince1970)
            rows.real(summary.activeEnergyBurned)
            rows.real(summary.activeEnergyBurnedGoal)
            rows.text(summary.activeEnergyBurnedUnit)
            rows.real(summary.moveTime)
            rows.real(summary.moveTimeGoal)
            rows.real(summary.exerciseTime)
            rows.real(summary.exerciseTimeGoal)
            rows.real(summary.standHours)
            rows.real(summary.standHoursGoal)
            rows.endRow(owner: index)
        case .export(let facts):
            let rows = tables.exports
            rows.id(uuid)
            rows.timestamp(facts.exportDate)
            rows.text(facts.locale)
            rows.integer(facts.version)
            rows.json { $0.object(facts.profile) }
            rows.endRow(owner: index)
        case .clinical(let record):
            let rows = tables.clinicalRecords
            rows.id(uuid)
            rows.text(record.type)
            rows.text(record.identifier)
            rows.text(record.sourceName)
            rows.text(record.sourceURL)
            rows.text(record.fhirVersion)
            rows.timestamp(record.receivedDate)
            rows.text(record.resourceFilePath)
            rows.endRow(owner: index)
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
            let rows = tables.visionPrescriptions
            rows.id(uuid)
            rows.text(prescription.type)
            rows.timestamp(prescription.dateIssued)
            rows.timestamp(prescription.expirationDate)
            rows.text(prescription.brand)
            rows.json { $0.object(prescription.rightEye) }
            rows.json { $0.object(prescription.leftEye) }
            rows.json { $0.array(prescription.attachments) }
            rows.endRow(owner: index)
        case .route(let route):
            let rows = tables.routes
            rows.id(uuid)
            rows.text(route.workoutActivityType)
            rows.timestamp(route.workoutStart)
            rows.text(route.filePath)
            rows.text(route.sourceName)
            rows.timestamp(route.startDate)
            rows.timestamp(route.endDate)
            rows.integer(route.points.count)
            rows.endRow(owner: index)
        case .electrocardiogram(let ecg):
            let rows = tables.electrocardiograms
            rows.id(uuid)
            rows.text(ecg.filePath)
            rows.timestamp(ecg.recordedDate)
            rows.timestamp(ecg.endDate)
            rows.text(ecg.classification)
            rows.text(ecg.symptoms)
            rows.text(ecg.softwareVersion)
            rows.text(ecg.device)
            rows.real(ecg.sampleRateHertz)
            rows.text(ecg.lead)
            rows.text(ecg.unit)
            rows.integer(ecg.samples.count)
            rows.json { $0.array(ecg.samples) }
            rows.endRow(owner: index)
        }
    }

    private func bindHeader(_ rows: RowBuffer, _ header: SampleHeader, uuid: RecordID) {
        rows.id(uuid)
        rows.text(header.type)
        rows.text(header.sourceName)
        rows.text(header.sourceVersion)
        if let device = header.device {
            if device != lastDevice {
                var buffer = JSONBuffer(capacity: 256)
                buffer.object(device)
                lastDeviceJSON = buffer.text
                lastDevice = device
            }
            rows.text(lastDeviceJSON)
        } else {
            rows.text(nil)
        }
        rows.timestamp(header.creationDate)
        rows.timestamp(header.startDate)
        rows.timestamp(header.endDate)
    }

    // MARK: Child rows of new records

    private func bindChildren(_ item: IdentifiedRecord) {
        let uuid = item.id
        switch item.record {
        case .quantity(let sample):
            bindMetadata(sample.metadata, owner: uuid)
            if !sample.beats.isEmpty {
                let series = tables.heartbeatSeries
                series.id(uuid)
                series.json { $0.beatSeries(sample.beats) }
                series.endRow()
            }
        case .weight(let sample): bindMetadata(sample.metadata, owner: uuid)
        case .category(let sample): bindMetadata(sample.metadata, owner: uuid)
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
            let points = tables.routePoints
            for (position, point) in route.points.enumerated() {
                points.id(uuid)
                points.integer(position)
                points.timestamp(point.time)
                points.real(point.latitude)
                points.real(point.longitude)
                points.real(point.elevation)
                points.real(point.speed)
                points.real(point.course)
                points.real(point.horizontalAccuracy)
                points.real(point.verticalAccuracy)
                points.endRow()
            }
        case .activitySummary, .export, .clinical, .electrocardiogram: break
        }
    }

    private func bindMetadata(_ entries: [MetadataEntry], owner: RecordID) {
        guard !entries.isEmpty else { return }
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
        bindZones(workout.zoneGroups, workout: uuid)
        let digests = tables.recordDigests
        digests.id(uuid)
        digests.text(Self.digest(of: workout))
        digests.endRow()
        bindEvents(workout.events, workout: uuid, activity: 0)
        bindStatistics(workout.statistics, workout: uuid, activity: 0)
        let activities = tables.workoutActivities
        for (index, activity) in workout.activities.enumerated() {
            activities.id(uuid)
            activities.integer(index + 1)
            activities.text(activity.uuid)
            activities.timestamp(activity.startDate)
            activities.timestamp(activity.endDate)
            activities.real(activity.duration?.value)
            activities.text(activity.duration?.unit)
            activities.json { if !activity.metadata.isEmpty { $0.object(activity.metadata) } }
            activities.endRow()
            bindEvents(activity.events, workout: uuid, activity: index + 1)
            bindStatistics(activity.statistics, workout: uuid, activity: index + 1)
        }
        let routes = tables.workoutRoutes
        for (position, route) in workout.routes.enumerated() {
            routes.id(uuid)
            routes.integer(position)
            routes.text(route.sourceName)
            routes.text(route.sourceVersion)
            routes.timestamp(route.creationDate)
            routes.timestamp(route.startDate)
            routes.timestamp(route.endDate)
            routes.json { $0.array(route.filePaths) }
            routes.json { if !route.metadata.isEmpty { $0.object(route.metadata) } }
            routes.endRow()
        }
    }

    private func bindZones(_ groups: [WorkoutZoneGroup], workout: RecordID) {
        let rows = tables.workoutZones
        for (groupPosition, group) in groups.enumerated() {
            for (position, zone) in group.zones.enumerated() {
                rows.id(workout)
                rows.integer(groupPosition)
                rows.integer(position)
                rows.text(group.type)
                rows.text(group.source)
                rows.text(group.unit)
                rows.real(zone.minimum)
                rows.real(zone.maximum)
                rows.real(zone.duration?.value)
                rows.text(zone.duration?.unit)
                rows.endRow()
            }
        }
    }

    /// The digest of a workout's content, as the SQLite store keeps it.
    static func digest(of workout: Workout) -> String {
        String(ContentDigest.of(.workout(workout)), radix: 16)
    }

    private func bindEvents(_ events: [WorkoutEvent], workout: RecordID, activity: Int) {
        let rows = tables.workoutEvents
        for (position, event) in events.enumerated() {
            rows.id(workout)
            rows.integer(activity)
            rows.integer(position)
            rows.text(event.type)
            rows.timestamp(event.date)
            rows.real(event.duration?.value)
            rows.text(event.duration?.unit)
            rows.json { if !event.metadata.isEmpty { $0.object(event.metadata) } }
            rows.endRow()
        }
    }

    private func bindStatistics(_ statistics: [WorkoutStatistics], workout: RecordID, activity: Int) {
        let rows = tables.workoutStatistics
        for (position, item) in statistics.enumerated() {
            rows.id(workout)
            rows.integer(activity)
            rows.integer(position)
            rows.text(item.type)
            rows.timestamp(item.startDate)
            rows.timestamp(item.endDate)
            rows.real(item.average)
            rows.real(item.minimum)
            rows.real(item.maximum)
            rows.real(item.sum)
            rows.text(item.unit)
            rows.endRow()
        }
    }
}
#endif
