import HealthCore
import HealthExport
import HealthJSON
import Logging
import PostgresNIO

/// Writes record batches into the PostgreSQL store's typed tables, as the SQLite store's writer
/// does, with multi-row `INSERT ... ON CONFLICT DO NOTHING` statements of up to 4,096 rows (65,000 parameters).
///
/// A batch takes two steps: first every record's own row (`RETURNING uuid` tells which were
/// new), then the child rows (metadata, beats, members, workout parts, route points) of the
/// new ones only. A record the store already had is counted in ``duplicates`` and its children
/// are not written again. Call it inside a transaction; it never opens one.
final class PostgresRecordWriter {
    let connection: PostgresConnection
    let logger: Logger
    private var buffers: [String: RowBuffer] = [:]
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

    init(connection: PostgresConnection, person: String, logger: Logger) {
        self.connection = connection
        self.person = person
        self.logger = logger
    }

    private func buffer(_ table: PostgresTable) -> RowBuffer {
        if let buffer = buffers[table.name] { return buffer }
        let buffer = RowBuffer(table: table, person: person)
        buffers[table.name] = buffer
        return buffer
    }

    /// Writes a batch of records.
    func write(_ batch: [IdentifiedRecord]) async throws {
        for (index, item) in batch.enumerated() { bindRecord(item, index: index) }
        var returned: Set<String> = []
        var owners: [Int] = []
        for table in PostgresSchema.recordTables + PostgresSchema.workoutTables where table.returning != nil {
            guard let buffer = buffers[table.name], !buffer.isEmpty else { continue }
            owners.append(contentsOf: buffer.owners)
            returned.formUnion(try await buffer.flush(connection, logger: logger))
        }
        owners.sort()
        var stored: [IdentifiedRecord] = []
        for index in owners {
            let item = batch[index]
            if returned.remove(item.id.description) != nil {
                bindChildren(item)
                added[item.record.type, default: 0] += 1
            } else if Self.canCorrect(item.record) {
                stored.append(item)
            } else {
                duplicates[item.record.type, default: 0] += 1
            }
        }
        for buffer in buffers.values where !buffer.isEmpty {
            _ = try await buffer.flush(connection, logger: logger)
        }
        for item in stored {
            if try await correct(item) {
                updated[item.record.type, default: 0] += 1
                if let start = item.record.start?.secondsSince1970 {
                    touched.note(type: item.record.type, start: start)
                }
            } else {
                duplicates[item.record.type, default: 0] += 1
            }
        }
    }

    // MARK: Records' own rows

    private func bindRecord(_ item: IdentifiedRecord, index: Int) {
        let uuid = item.id.description
        switch item.record {
        case .quantity(let sample):
            let rows = buffer(PostgresSchema.quantitySamples)
            bindHeader(rows, sample.header, uuid: uuid)
            rows.real(sample.value)
            rows.text(sample.unit)
            rows.text(sample.valueText)
            rows.endRow(owner: index)
        case .weight(let sample):
            let rows = buffer(PostgresSchema.weightSamples)
            bindHeader(rows, sample.header, uuid: uuid)
            rows.real(sample.kilograms)
            rows.real(sample.value)
            rows.text(sample.unit)
            rows.endRow(owner: index)
        case .category(let sample):
            let rows = buffer(PostgresSchema.categorySamples)
            bindHeader(rows, sample.header, uuid: uuid)
            rows.text(sample.value)
            rows.integer(sample.rawValue)
            rows.endRow(owner: index)
        case .correlation(let correlation):
            let rows = buffer(PostgresSchema.correlations)
            bindHeader(rows, correlation.header, uuid: uuid)
            rows.endRow(owner: index)
        case .workout(let workout):
            let rows = buffer(PostgresSchema.workouts)
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
            let rows = buffer(PostgresSchema.activitySummaries)
            rows.text(uuid)
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
            let rows = buffer(PostgresSchema.exports)
            rows.text(uuid)
            rows.timestamp(facts.exportDate)
            rows.text(facts.locale)
            rows.integer(facts.version)
            rows.json { $0.object(facts.profile) }
            rows.endRow(owner: index)
        case .clinical(let record):
            let rows = buffer(PostgresSchema.clinicalRecords)
            rows.text(uuid)
            rows.text(record.type)
            rows.text(record.identifier)
            rows.text(record.sourceName)
            rows.text(record.sourceURL)
            rows.text(record.fhirVersion)
            rows.timestamp(record.receivedDate)
            rows.text(record.resourceFilePath)
            rows.endRow(owner: index)
        case .audiogram(let audiogram):
            let rows = buffer(PostgresSchema.audiograms)
            bindHeader(rows, audiogram.header, uuid: uuid)
            rows.json { out in
                out.beginArray()
                for point in audiogram.points { out.object(point) }
                out.endArray()
            }
            rows.endRow(owner: index)
        case .visionPrescription(let prescription):
            let rows = buffer(PostgresSchema.visionPrescriptions)
            rows.text(uuid)
            rows.text(prescription.type)
            rows.timestamp(prescription.dateIssued)
            rows.timestamp(prescription.expirationDate)
            rows.text(prescription.brand)
            rows.json { $0.object(prescription.rightEye) }
            rows.json { $0.object(prescription.leftEye) }
            rows.json { $0.array(prescription.attachments) }
            rows.endRow(owner: index)
        case .route(let route):
            let rows = buffer(PostgresSchema.routes)
            rows.text(uuid)
            rows.text(route.workoutActivityType)
            rows.timestamp(route.workoutStart)
            rows.text(route.filePath)
            rows.text(route.sourceName)
            rows.timestamp(route.startDate)
            rows.timestamp(route.endDate)
            rows.integer(route.points.count)
            rows.endRow(owner: index)
        case .electrocardiogram(let ecg):
            let rows = buffer(PostgresSchema.electrocardiograms)
            rows.text(uuid)
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

    private func bindHeader(_ rows: RowBuffer, _ header: SampleHeader, uuid: String) {
        rows.text(uuid)
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
        let uuid = item.id.description
        switch item.record {
        case .quantity(let sample):
            bindMetadata(sample.metadata, owner: uuid)
            let beats = buffer(PostgresSchema.heartbeats)
            for (position, beat) in sample.beats.enumerated() {
                beats.text(uuid)
                beats.integer(position)
                beats.real(beat.bpm)
                beats.integer(beat.millisecondsSince1970)
                beats.text(beat.writtenTime)
                beats.endRow()
            }
        case .weight(let sample): bindMetadata(sample.metadata, owner: uuid)
        case .category(let sample): bindMetadata(sample.metadata, owner: uuid)
        case .correlation(let correlation):
            bindMetadata(correlation.metadata, owner: uuid)
            let members = buffer(PostgresSchema.correlationMembers)
            for (member, memberID) in zip(correlation.members, item.memberIDs) {
                members.text(uuid)
                members.text(memberID.description)
                members.text(member.record.kind.rawValue)
                members.endRow()
            }
        case .workout(let workout): bindParts(of: workout, uuid: uuid)
        case .audiogram(let audiogram): bindMetadata(audiogram.metadata, owner: uuid)
        case .visionPrescription(let prescription): bindMetadata(prescription.metadata, owner: uuid)
        case .route(let route):
            let points = buffer(PostgresSchema.routePoints)
            for (position, point) in route.points.enumerated() {
                points.text(uuid)
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

    private func bindMetadata(_ entries: [MetadataEntry], owner: String) {
        guard !entries.isEmpty else { return }
        let rows = buffer(PostgresSchema.metadata)
        for (position, entry) in entries.enumerated() {
            rows.text(owner)
            rows.integer(position)
            rows.text(entry.key)
            rows.text(entry.value)
            rows.endRow()
        }
    }

    private func bindParts(of workout: Workout, uuid: String) {
        bindMetadata(workout.metadata, owner: uuid)
        bindEvents(workout.events, workout: uuid, activity: 0)
        bindStatistics(workout.statistics, workout: uuid, activity: 0)
        let activities = buffer(PostgresSchema.workoutActivities)
        for (index, activity) in workout.activities.enumerated() {
            activities.text(uuid)
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
        let routes = buffer(PostgresSchema.workoutRoutes)
        for (position, route) in workout.routes.enumerated() {
            routes.text(uuid)
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

    private func bindEvents(_ events: [WorkoutEvent], workout: String, activity: Int) {
        let rows = buffer(PostgresSchema.workoutEvents)
        for (position, event) in events.enumerated() {
            rows.text(workout)
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

    private func bindStatistics(_ statistics: [WorkoutStatistics], workout: String, activity: Int) {
        let rows = buffer(PostgresSchema.workoutStatistics)
        for (position, item) in statistics.enumerated() {
            rows.text(workout)
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
