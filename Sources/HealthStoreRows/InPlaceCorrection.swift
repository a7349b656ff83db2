import HealthCore
import HealthExport

/// How a stored record whose content can change under one ID (`CorrectionRules.mayChange(_:)`)
/// is brought up to a later export's in place, for both stores: the row, the columns set, and
/// those whose difference makes it a change. Each store writes it as its own `UPDATE`.
package struct InPlaceCorrection: Sendable {
    /// How a column's stored value is compared with the new one.
    package enum Comparison: Sendable {
        /// Set, not compared (a weight's value as written, when its kilograms and unit agree).
        case none
        /// Any difference, NULL against a value included.
        case exact
        /// A difference beyond a billionth of the new value: kilograms converted from other units.
        case relative
    }

    /// A column set by the correction.
    package struct Column: Sendable {
        package let name: String
        /// The new value: a number or a text (NaN as nil, which both stores keep as NULL).
        package let value: Value
        package let comparison: Comparison
    }

    /// A column's new value.
    package enum Value: Sendable {
        case real(Double?)
        case text(String?)
    }

    /// The record's table.
    package let table: String
    /// For tables keyed by type and start as well as ID, the record's type and start.
    package let typeAndStart: (type: String, start: Int64)?
    package let columns: [Column]

    /// The correction of `record`'s row; `nil` for a record corrected another way (workouts,
    /// the profile) or not at all.
    package init?(_ record: HealthRecord) {
        func real(_ name: String, _ value: Double?, _ comparison: Comparison = .exact) -> Column {
            Column(name: name, value: .real(value.flatMap { $0.isNaN ? nil : $0 }), comparison: comparison)
        }
        func text(_ name: String, _ value: String?) -> Column {
            Column(name: name, value: .text(value), comparison: .exact)
        }
        switch record {
        case .activitySummary(let summary):
            table = "activity_summaries"
            typeAndStart = nil
            columns = [
                real("active_energy_burned", summary.activeEnergyBurned),
                real("active_energy_burned_goal", summary.activeEnergyBurnedGoal),
                real("move_time", summary.moveTime), real("move_time_goal", summary.moveTimeGoal),
                real("exercise_time", summary.exerciseTime), real("exercise_time_goal", summary.exerciseTimeGoal),
                real("stand_hours", summary.standHours), real("stand_hours_goal", summary.standHoursGoal),
                text("active_energy_burned_unit", summary.activeEnergyBurnedUnit),
            ]
        case .quantity(let sample):
            table = "quantity_samples"
            typeAndStart = (sample.header.type, sample.header.startDate.secondsSince1970)
            columns = [real("value", sample.value), text("unit", sample.unit), text("value_text", sample.valueText)]
        case .weight(let sample):
            table = "weight_samples"
            typeAndStart = nil
            columns = [
                real("kilograms", sample.kilograms, .relative), real("value", sample.value, .none),
                text("unit", sample.unit),
            ]
        default:
            return nil
        }
    }
}
