import HealthCore
import HealthExport
import HealthParquet

/// Writes an export's records, as the record stream yields them, into the tables of
/// ``ParquetTable/recordTables``: one row per sample, workout, route point, beat, metadata entry.
public struct ParquetRecordWriter {
    /// The files written to.
    public let tables: ParquetTableSet

    /// Writes into `tables`.
    public init(tables: ParquetTableSet) {
        self.tables = tables
    }

    /// Writes `item`'s rows. Kinds without a table (the export's facts, clinical records,
    /// audiograms, vision prescriptions) write nothing, and neither does a repeat whose content
    /// may differ from the first's (``IdentifiedRecord/isRepeat``): the store keeps the first.
    public func write(_ item: IdentifiedRecord) throws {
        guard !item.isRepeat else { return }
        let id = item.id
        switch item.record {
        case .quantity(let sample):
            try tables.row(.quantitySamples) { row in
                Self.header(sample.header, id, &row)
                row.add(sample.value)
                row.add(sample.unit)
                row.add(sample.valueText)
            }
            try metadata(sample.metadata, of: id, kind: "quantity")
            for (index, beat) in sample.beats.enumerated() {
                try tables.row(.heartbeats) { row in
                    row.add(id)
                    row.add(Int64(index))
                    row.add(beat.bpm)
                    row.add(beat.millisecondsSince1970.map { $0 &* 1000 })
                    row.add(beat.offsetMinutes)
                    row.add(beat.writtenTime)
                }
            }
        case .weight(let sample):
            try tables.row(.weightSamples) { row in
                Self.header(sample.header, id, &row)
                row.add(sample.kilograms)
                row.add(sample.value)
                row.add(sample.unit)
            }
            try metadata(sample.metadata, of: id, kind: "weight")
        case .category(let sample):
            try tables.row(.categorySamples) { row in
                Self.header(sample.header, id, &row)
                row.add(sample.value)
                row.add(sample.rawValue.map(Int64.init))
            }
            try metadata(sample.metadata, of: id, kind: "category")
        case .correlation(let correlation):
            try write(correlation, id: id, memberIDs: item.memberIDs)
        case .workout(let workout):
            try write(workout, id: id)
        case .route(let route):
            try write(route, id: id)
        case .activitySummary(let summary):
            try tables.row(.activitySummaries) { row in
                row.add(id)
                row.add(summary.day.daysSince1970)
                row.add(summary.activeEnergyBurned)
                row.add(summary.activeEnergyBurnedGoal)
                row.add(summary.activeEnergyBurnedUnit)
                row.add(summary.moveTime)
                row.add(summary.moveTimeGoal)
                row.add(summary.exerciseTime)
                row.add(summary.exerciseTimeGoal)
                row.add(summary.standHours)
                row.add(summary.standHoursGoal)
            }
        case .electrocardiogram(let ecg):
            try tables.row(.electrocardiograms) { row in
                row.add(id)
                row.add(ecg.filePath)
                row.add(ecg.recordedDate, offset: true)
                row.add(ecg.endDate, offset: false)
                row.add(ecg.classification)
                row.add(ecg.symptoms)
                row.add(ecg.softwareVersion)
                row.add(ecg.device)
                row.add(ecg.sampleRateHertz)
                row.add(ecg.lead)
                row.add(ecg.unit)
                row.add(Int64(ecg.samples.count))
            }
        case .export, .clinical, .audiogram, .visionPrescription:
            break
        }
    }

    private func write(_ correlation: Correlation, id: RecordID, memberIDs: [RecordID]) throws {
        if correlation.members.isEmpty {
            try tables.row(.correlations) { row in
                Self.header(correlation.header, id, &row)
                row.add(nil as RecordID?)
                row.add(nil as String?)
                row.add(nil as Double?)
                row.add(nil as String?)
            }
        }
        for (member, memberID) in zip(correlation.members, memberIDs) {
            let (value, unit): (Double?, String?) =
                switch member {
                case .quantity(let sample): (sample.value, sample.unit)
                case .weight(let sample): (sample.value, sample.unit)
                case .category: (nil, nil)
                }
            try tables.row(.correlations) { row in
                Self.header(correlation.header, id, &row)
                row.add(memberID)
                row.add(member.record.type)
                row.add(value)
                row.add(unit)
            }
        }
        try metadata(correlation.metadata, of: id, kind: "correlation")
    }

    private func write(_ workout: Workout, id: RecordID) throws {
        try tables.row(.workouts) { row in
            Self.header(workout.header, id, &row)
            for measurement in [workout.duration, workout.totalDistance, workout.totalEnergyBurned] {
                row.add(measurement?.value)
                row.add(measurement?.unit)
            }
        }
        try metadata(workout.metadata, of: id, kind: "workout")
        try events(workout.events, workout: id, activity: nil)
        try statistics(workout.statistics, workout: id, activity: nil)
        for (index, activity) in workout.activities.enumerated() {
            let activityID = RecordID(activity.uuid)
            try tables.row(.workoutActivities) { row in
                row.add(id)
                row.add(activityID)
                row.add(Int64(index))
                row.add(activity.startDate, offset: true)
                row.add(activity.endDate, offset: true)
                row.add(activity.duration?.value)
                row.add(activity.duration?.unit)
            }
            if let activityID { try metadata(activity.metadata, of: activityID, kind: "workoutActivity") }
            try events(activity.events, workout: id, activity: activityID)
            try statistics(activity.statistics, workout: id, activity: activityID)
        }
    }

    private func events(_ events: [WorkoutEvent], workout: RecordID, activity: RecordID?) throws {
        for event in events {
            try tables.row(.workoutEvents) { row in
                row.add(workout)
                row.add(activity)
                row.add(event.type)
                row.add(event.date, offset: true)
                row.add(event.duration?.value)
                row.add(event.duration?.unit)
            }
        }
    }

    private func statistics(_ statistics: [WorkoutStatistics], workout: RecordID, activity: RecordID?) throws {
        for statistic in statistics {
            try tables.row(.workoutStatistics) { row in
                row.add(workout)
                row.add(activity)
                row.add(statistic.type)
                row.add(statistic.startDate, offset: true)
                row.add(statistic.endDate, offset: true)
                row.add(statistic.average)
                row.add(statistic.minimum)
                row.add(statistic.maximum)
                row.add(statistic.sum)
                row.add(statistic.unit)
            }
        }
    }

    private func write(_ route: RouteTrack, id: RecordID) throws {
        for (index, point) in route.points.enumerated() {
            try tables.row(.routePoints) { row in
                row.add(id)
                row.add(route.workoutActivityType)
                row.add(route.workoutStart, offset: false)
                row.add(route.filePath)
                row.add(route.sourceName)
                row.add(Int64(index))
                row.add(point.time, offset: true)
                row.add(point.latitude)
                row.add(point.longitude)
                row.add(point.elevation)
                row.add(point.speed)
                row.add(point.course)
                row.add(point.horizontalAccuracy)
                row.add(point.verticalAccuracy)
            }
        }
    }

    private func metadata(_ entries: [MetadataEntry], of id: RecordID, kind: String) throws {
        for entry in entries {
            try tables.row(.metadata) { row in
                row.add(id)
                row.add(kind)
                row.add(entry.key)
                row.add(entry.value)
            }
        }
    }

    private static func header(_ header: SampleHeader, _ id: RecordID, _ row: inout ParquetRow) {
        row.add(id)
        row.add(header.type)
        row.add(header.sourceName)
        row.add(header.sourceVersion)
        row.add(header.device?.name)
        row.add(header.device?.hardware)
        row.add(header.startDate, offset: true)
        row.add(header.endDate, offset: true)
        row.add(header.creationDate, offset: false)
    }
}
