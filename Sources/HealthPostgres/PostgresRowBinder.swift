#if PostgreSQL
import HealthCore
import HealthExport
import HealthJSON

/// Binds records' rows into a set of ``RowBuffer``s, one per table, in `COPY`'s text format: a
/// record's own row, and the rows that belong to it (metadata, beats, members, a workout's
/// parts, route points). A ``PostgresRecordWriter`` keeps two, so that one batch's rows are
/// bound while the batch before is being stored.
final class PostgresRowBinder {
    let tables: TableBuffers
    /// The last device written and its JSON: most samples repeat their predecessor's device.
    private var lastDevice: Device?
    private var lastDeviceJSON: String?

    init(person: String) {
        tables = TableBuffers(person: person)
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

    /// Binds the rows that belong to `item` beside its own (written for new records only).
    func bindChildren(_ item: IdentifiedRecord) {
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
