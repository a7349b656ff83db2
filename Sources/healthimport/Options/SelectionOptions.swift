import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// Which records to take: `--type`, and the window (`--all`, `--days`, `--since`).
struct SelectionOptions: ParsableArguments {
    @Option(
        name: .customLong("type"),
        help: ArgumentHelp(
            "Only this type; repeatable. An identifier (HKQuantityTypeIdentifierBodyMass), a short name (BodyMass), a kind (quantity, category, workout, ...) or a friendly name (weight, heart-rate, steps, sleep, workouts, blood-pressure, activity, routes, ecg, ...).",
            valueName: "type"))
    var types: [String] = []

    @OptionGroup var period: WindowOptions

    func validate() throws {
        _ = try selection()
    }

    /// The window asked for.
    var window: ImportWindow { period.window }

    /// Whether the user chose a window, rather than taking the default.
    var windowGiven: Bool { period.windowGiven }

    func selection() throws -> TypeSelection {
        do {
            return try TypeSelection(types)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
