import HealthExport

/// The maximum heart rate that computed zones are shares of, and where it came from.
public struct MaximumHeartRate: Sendable, Equatable {
    /// Where the value comes from.
    public enum Basis: String, Sendable {
        /// `--max-heart-rate`.
        case given
        /// 220 minus the age on the workout's day, from the export's date of birth.
        case age
        /// The highest heart-rate sample in the year before the export's date.
        case highestInYear
    }

    /// Beats per minute.
    public var beatsPerMinute: Double
    /// Where it comes from.
    public var basis: Basis

    /// Creates a maximum.
    public init(beatsPerMinute: Double, basis: Basis) {
        self.beatsPerMinute = beatsPerMinute
        self.basis = basis
    }

    /// The date of birth in `facts`' profile, when written as a day.
    public static func dateOfBirth(_ facts: ExportFacts) -> CalendarDay? {
        guard let entry = facts.profile.first(where: { $0.key.hasSuffix("DateOfBirth") }) else { return nil }
        return TimestampParser.parseDay(entry.value)
    }

    /// 220 minus the age in whole years on `day` of someone born on `birth`.
    public static func fromAge(birth: CalendarDay, on day: CalendarDay) -> MaximumHeartRate? {
        let (birthYear, birthMonth, birthDay) = birth.components
        let (year, month, dayOfMonth) = day.components
        var age = year - birthYear
        if (month, dayOfMonth) < (birthMonth, birthDay) { age -= 1 }
        guard age > 0, age < 130 else { return nil }
        return MaximumHeartRate(beatsPerMinute: Double(220 - age), basis: .age)
    }
}
