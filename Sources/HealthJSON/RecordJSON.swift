import HealthCore
import HealthExport

/// The JSON-lines form of records: one object per record, keys in a fixed order.
///
/// Every line starts with `kind`, `type`, `uuid`, `start`, `end`; the fields of its kind follow
/// (see the repository's docs/json-lines.md). Absent optional values are left out rather than written as `null`.
public struct RecordJSON {
    /// Creates an encoder.
    public init() {}

    /// Appends `record` as one line to `out`.
    public mutating func write(_ record: IdentifiedRecord, to out: inout JSONBuffer) {
        out.beginObject()
        out.kindAndType(record.record.kind, record.record.type)
        out.key("uuid")
        out.uuid(record.id)
        out.field("start", record.record.start)
        out.field("end", record.record.end)
        switch record.record {
        case .export(let facts): Self.write(facts, to: &out)
        case .quantity(let sample): Self.write(sample, to: &out)
        case .weight(let sample): Self.write(sample, to: &out)
        case .category(let sample): Self.write(sample, to: &out)
        case .correlation(let correlation): Self.write(correlation, memberIDs: record.memberIDs, to: &out)
        case .workout(let workout): Self.write(workout, to: &out)
        case .activitySummary(let summary): Self.write(summary, to: &out)
        case .clinical(let clinical): Self.write(clinical, to: &out)
        case .audiogram(let audiogram): Self.write(audiogram, to: &out)
        case .visionPrescription(let prescription): Self.write(prescription, to: &out)
        case .route(let route): Self.write(route, to: &out)
        case .electrocardiogram(let ecg): Self.write(ecg, to: &out)
        }
        out.endObject()
        out.newline()
    }

    static func write(_ facts: ExportFacts, to out: inout JSONBuffer) {
        out.field("locale", facts.locale)
        out.field("version", facts.version)
        metadata(facts.profile, key: "profile", to: &out)
    }

    static func header(_ header: SampleHeader, to out: inout JSONBuffer) {
        out.source(name: header.sourceName, version: header.sourceVersion, device: header.device)
        out.field("created", header.creationDate)
    }

    static func metadata(_ entries: [MetadataEntry], key: StaticString = "metadata", to out: inout JSONBuffer) {
        guard !entries.isEmpty else { return }
        out.key(key)
        out.object(entries)
    }

    static func write(_ sample: QuantitySample, to out: inout JSONBuffer) {
        header(sample.header, to: &out)
        out.field("value", sample.value)
        out.field("unit", sample.unit)
        out.field("valueText", sample.valueText)
        metadata(sample.metadata, to: &out)
        guard !sample.beats.isEmpty else { return }
        out.key("beats")
        out.beginArray()
        for beat in sample.beats {
            out.beginObject()
            out.field("bpm", beat.bpm)
            if let millis = beat.millisecondsSince1970 {
                out.key("time")
                out.timestamp(milliseconds: millis, offsetMinutes: beat.offsetMinutes)
            }
            out.field("written", beat.writtenTime)
            out.endObject()
        }
        out.endArray()
    }

    static func write(_ sample: WeightSample, to out: inout JSONBuffer) {
        header(sample.header, to: &out)
        out.field("kilograms", sample.kilograms)
        out.field("value", sample.value)
        out.field("unit", sample.unit)
        metadata(sample.metadata, to: &out)
    }

    static func write(_ sample: CategorySample, to out: inout JSONBuffer) {
        header(sample.header, to: &out)
        out.field("value", sample.value)
        out.field("rawValue", sample.rawValue)
        metadata(sample.metadata, to: &out)
    }

    static func write(_ correlation: Correlation, memberIDs: [RecordID], to out: inout JSONBuffer) {
        Self.header(correlation.header, to: &out)
        Self.metadata(correlation.metadata, to: &out)
        out.key("members")
        out.beginArray()
        for (member, memberID) in zip(correlation.members, memberIDs) {
            let record = member.record
            out.beginObject()
            out.field("type", record.type)
            out.key("uuid")
            out.uuid(memberID)
            switch member {
            case .quantity(let sample):
                out.field("value", sample.value)
                out.field("unit", sample.unit)
            case .weight(let sample):
                out.field("kilograms", sample.kilograms)
                out.field("value", sample.value)
                out.field("unit", sample.unit)
            case .category(let sample):
                out.field("value", sample.value)
            }
            out.endObject()
        }
        out.endArray()
    }

    static func measurement(_ name: StaticString, _ value: Measurement?, to out: inout JSONBuffer) {
        guard let value else { return }
        out.key(name)
        out.beginObject()
        out.field("value", value.value)
        out.field("unit", value.unit)
        out.endObject()
    }

    static func write(_ workout: Workout, to out: inout JSONBuffer) {
        header(workout.header, to: &out)
        measurement("duration", workout.duration, to: &out)
        measurement("totalDistance", workout.totalDistance, to: &out)
        measurement("totalEnergyBurned", workout.totalEnergyBurned, to: &out)
        metadata(workout.metadata, to: &out)
        events(workout.events, to: &out)
        statistics(workout.statistics, to: &out)
        if !workout.activities.isEmpty {
            out.key("activities")
            out.beginArray()
            for activity in workout.activities {
                out.beginObject()
                out.field("uuid", activity.uuid)
                out.field("start", activity.startDate)
                out.field("end", activity.endDate)
                measurement("duration", activity.duration, to: &out)
                metadata(activity.metadata, to: &out)
                events(activity.events, to: &out)
                statistics(activity.statistics, to: &out)
                out.endObject()
            }
            out.endArray()
        }
        if !workout.routes.isEmpty {
            out.key("routes")
            out.beginArray()
            for route in workout.routes {
                out.beginObject()
                out.field("sourceName", route.sourceName)
                out.field("start", route.startDate)
                out.field("end", route.endDate)
                if !route.filePaths.isEmpty {
                    out.key("files")
                    out.array(route.filePaths)
                }
                if !route.locations.isEmpty { out.field("points", route.locations.count) }
                metadata(route.metadata, to: &out)
                out.endObject()
            }
            out.endArray()
        }
        if !workout.zoneGroups.isEmpty {
            out.key("zoneGroups")
            out.beginArray()
            for group in workout.zoneGroups {
                out.beginObject()
                out.field("type", group.type)
                out.field("source", group.source)
                out.field("unit", group.unit)
                out.key("zones")
                out.beginArray()
                for zone in group.zones {
                    out.beginObject()
                    out.field("minimum", zone.minimum)
                    out.field("maximum", zone.maximum)
                    measurement("duration", zone.duration, to: &out)
                    out.endObject()
                }
                out.endArray()
                out.endObject()
            }
            out.endArray()
        }
    }

    static func events(_ events: [WorkoutEvent], to out: inout JSONBuffer) {
        guard !events.isEmpty else { return }
        out.key("events")
        out.beginArray()
        for event in events {
            out.beginObject()
            out.field("type", event.type)
            out.field("date", event.date)
            measurement("duration", event.duration, to: &out)
            metadata(event.metadata, to: &out)
            out.endObject()
        }
        out.endArray()
    }

    static func statistics(_ statistics: [WorkoutStatistics], to out: inout JSONBuffer) {
        guard !statistics.isEmpty else { return }
        out.key("statistics")
        out.beginArray()
        for item in statistics {
            out.beginObject()
            out.field("type", item.type)
            out.field("start", item.startDate)
            out.field("end", item.endDate)
            out.field("average", item.average)
            out.field("minimum", item.minimum)
            out.field("maximum", item.maximum)
            out.field("sum", item.sum)
            out.field("unit", item.unit)
            out.endObject()
        }
        out.endArray()
    }

    static func write(_ summary: ActivitySummary, to out: inout JSONBuffer) {
        out.field("date", summary.day.iso8601)
        out.field("activeEnergyBurned", summary.activeEnergyBurned)
        out.field("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal)
        out.field("activeEnergyBurnedUnit", summary.activeEnergyBurnedUnit)
        out.field("moveTime", summary.moveTime)
        out.field("moveTimeGoal", summary.moveTimeGoal)
        out.field("exerciseTime", summary.exerciseTime)
        out.field("exerciseTimeGoal", summary.exerciseTimeGoal)
        out.field("standHours", summary.standHours)
        out.field("standHoursGoal", summary.standHoursGoal)
    }

    static func write(_ clinical: ClinicalRecord, to out: inout JSONBuffer) {
        out.field("identifier", clinical.identifier)
        out.field("sourceName", clinical.sourceName)
        out.field("sourceURL", clinical.sourceURL)
        out.field("fhirVersion", clinical.fhirVersion)
        out.field("resourceFilePath", clinical.resourceFilePath)
    }

    static func attributes(_ name: StaticString, _ attributes: [WrittenAttribute], to out: inout JSONBuffer) {
        out.key(name)
        out.object(attributes)
    }

    static func write(_ audiogram: Audiogram, to out: inout JSONBuffer) {
        header(audiogram.header, to: &out)
        metadata(audiogram.metadata, to: &out)
        out.key("points")
        out.beginArray()
        for point in audiogram.points { out.object(point) }
        out.endArray()
    }

    static func write(_ prescription: VisionPrescription, to out: inout JSONBuffer) {
        out.field("brand", prescription.brand)
        out.field("expires", prescription.expirationDate)
        attributes("rightEye", prescription.rightEye, to: &out)
        attributes("leftEye", prescription.leftEye, to: &out)
        if !prescription.attachments.isEmpty {
            out.key("attachments")
            out.array(prescription.attachments)
        }
        metadata(prescription.metadata, to: &out)
    }

    static func write(_ route: RouteTrack, to out: inout JSONBuffer) {
        out.field("sourceName", route.sourceName)
        out.field("workoutType", route.workoutActivityType)
        out.field("workoutStart", route.workoutStart)
        out.field("file", route.filePath)
        out.key("points")
        out.beginArray()
        for point in route.points {
            out.beginObject()
            out.field("time", point.time)
            out.field("latitude", point.latitude)
            out.field("longitude", point.longitude)
            out.field("elevation", point.elevation)
            out.field("speed", point.speed)
            out.field("course", point.course)
            out.field("horizontalAccuracy", point.horizontalAccuracy)
            out.field("verticalAccuracy", point.verticalAccuracy)
            out.endObject()
        }
        out.endArray()
    }

    static func write(_ ecg: Electrocardiogram, to out: inout JSONBuffer) {
        out.field("file", ecg.filePath)
        out.field("classification", ecg.classification)
        out.field("symptoms", ecg.symptoms)
        out.field("softwareVersion", ecg.softwareVersion)
        out.field("device", ecg.device)
        out.field("sampleRateHertz", ecg.sampleRateHertz)
        out.field("lead", ecg.lead)
        out.field("unit", ecg.unit)
        out.key("samples")
        out.array(ecg.samples)
    }
}
