import ArgumentParser
import HealthCore
import HealthExport

/// Which stretch of history to take, without a type selection: `--all`, `--days`, `--since`.
struct WindowOptions: ParsableArguments {
    // Commands differ in their default window (import and records the last 30 days, fhir and redact the
    // whole history): each says its own in its discussion.
    @Flag(help: "Take the whole history.")
    var all = false

    @Option(help: "Take the last N days before the export's date.")
    var days: Int?

    @Option(help: ArgumentHelp("Take records from this day on (yyyy-MM-dd).", valueName: "yyyy-MM-dd"))
    var since: String?

    func validate() throws {
        let chosen = [all, days != nil, since != nil].filter { $0 }.count
        if chosen > 1 { throw ValidationError("Use only one of --all, --days and --since.") }
        if let days, days < 0 { throw ValidationError("--days must be zero or more.") }
        if let since, TimestampParser.parseDay(since) == nil {
            throw ValidationError("--since '\(since)' is not a date: write it as yyyy-MM-dd.")
        }
    }

    /// The window asked for.
    var window: ImportWindow {
        if all { return .all }
        if let days { return .days(days) }
        if let since, let day = TimestampParser.parseDay(since) { return .since(day) }
        return .standard
    }

    /// Whether the user chose a window, rather than taking the default.
    var windowGiven: Bool { all || days != nil || since != nil }
}
