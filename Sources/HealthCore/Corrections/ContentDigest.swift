import HealthExport

/// A digest of the content of a record whose content can change under the same ID (see
/// ``CorrectionRules/mayChange(_:)``), alike for the same content in another export: instants
/// as UTC seconds (not the offset written), measurements in their base unit to four
/// significant digits (not the unit or rounding written), no device description.
public enum ContentDigest {
    /// The digest of `workout`'s content as the stores keep it (`record_digests.digest`):
    /// lowercase hexadecimal.
    public static func text(of workout: Workout) -> String {
        String(of(.workout(workout)), radix: 16)
    }

    /// The digest of `record`'s content.
    public static func of(_ record: HealthRecord) -> UInt64 {
        var text = ""
        switch record {
        case .workout(let workout):
            text += "workout"
            measurement(workout.duration, &text)
            measurement(workout.totalDistance, &text)
            measurement(workout.totalEnergyBurned, &text)
            metadata(workout.metadata, &text)
            events(workout.events, &text)
            statistics(workout.statistics, &text)
            for activity in workout.activities {
                text +=
                    "|activity \(activity.uuid) \(activity.startDate.secondsSince1970) \(activity.endDate?.secondsSince1970 ?? 0)"
                measurement(activity.duration, &text)
                metadata(activity.metadata, &text)
                events(activity.events, &text)
                statistics(activity.statistics, &text)
            }
            for route in workout.routes {
                text +=
                    "|route \(route.startDate?.secondsSince1970 ?? 0) \(route.filePaths.sorted()) \(route.locations.count)"
            }
            for group in workout.zoneGroups {
                text += "|zones \(group.type) \(group.source ?? "")"
                for zone in group.zones {
                    text += " \(number(zone.minimum, unit: group.unit))-\(number(zone.maximum, unit: group.unit))"
                    measurement(zone.duration, &text)
                }
            }
        case .activitySummary(let summary):
            text += "summary"
            for value in [summary.activeEnergyBurned, summary.activeEnergyBurnedGoal] {
                text += " " + number(value, unit: summary.activeEnergyBurnedUnit)
            }
            for value in [
                summary.moveTime, summary.moveTimeGoal, summary.exerciseTime, summary.exerciseTimeGoal,
                summary.standHours,
                summary.standHoursGoal,
            ] {
                text += " " + number(value, unit: nil)
            }
        case .quantity(let sample):
            text += "quantity " + number(sample.value, unit: sample.unit) + (sample.valueText ?? "")
        case .weight(let sample):
            text += "weight " + number(sample.kilograms, unit: "kg")
        case .export(let facts):
            text += "profile"
            metadata(facts.profile, &text)
        default:
            text += "\(record.kind)"
        }
        return RecordID(name: text).low
    }

    private static func measurement(_ value: Measurement?, _ text: inout String) {
        text += " " + number(value?.value, unit: value?.unit)
    }

    private static func metadata(_ entries: [MetadataEntry], _ text: inout String) {
        for entry in entries { text += "|\(entry.key)=\(entry.value)" }
    }

    private static func events(_ events: [WorkoutEvent], _ text: inout String) {
        for event in events {
            text += "|event \(event.type) \(event.date.secondsSince1970)"
            measurement(event.duration, &text)
        }
    }

    private static func statistics(_ statistics: [WorkoutStatistics], _ text: inout String) {
        for statistic in statistics {
            text += "|statistic \(statistic.type)"
            for value in [statistic.average, statistic.minimum, statistic.maximum, statistic.sum] {
                text += " " + number(value, unit: statistic.unit)
            }
        }
    }

    /// The value in its base unit, to four significant digits.
    static func number(_ value: Double?, unit: String?) -> String {
        guard let value, value.isFinite else { return "-" }
        let base = UnitConversion.toBase(value, unit: unit)
        guard base.value != 0 else { return "0" + base.unit }
        var magnitude = 1.0
        while abs(base.value) / magnitude >= 10_000 { magnitude *= 10 }
        while abs(base.value) / magnitude < 1_000 { magnitude /= 10 }
        return "\(Int64((base.value / magnitude).rounded()))e\(magnitude.log10Floor)\(base.unit)"
    }
}
