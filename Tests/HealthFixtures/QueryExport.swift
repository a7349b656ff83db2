import Foundation
import HealthCore
import HealthExport

/// Two exports of one day, 2024-05-10 at +02:00, for the tests of what the views and the readers answer.
///
/// The first holds steps from Jo's Apple Watch and iPhone (08:00-08:10 both, 600 and 500; 11:00 the
/// iPhone alone, 400; 15:00 the iPhone, 300), a weighing with a sync identifier (70.5 kg, version 1), a
/// resting heart rate (52), a night of sleep, a run and the day's rings. The later one has the same
/// records, except that the iPhone's 15:00 steps are gone (deleted on the phone) and the weighing is at
/// version 2 (70.2 kg, replacing the first).
public enum QueryExport {
    static let watch =
        "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
    static let phone =
        "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:17.4&gt;"

    /// `2024-05-10 hh:mm:00 +0200`; hours past 23 run into the next day.
    public static func date(_ hour: Int, _ minute: Int = 0) -> String {
        let day = 10 + hour / 24
        return String(format: "2024-05-%02d %02d:%02d:00 +0200", day, hour % 24, minute)
    }

    static func record(
        _ type: String, source: String, device: String?, unit: String?, from: (Int, Int), to: (Int, Int), value: String,
        metadata: String = "", created: (Int, Int)? = nil
    ) -> String {
        let created = created ?? to
        var text = "<Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\""
        if type == "SleepAnalysis" {
            text = "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\""
        }
        if let unit { text += " unit=\"\(unit)\"" }
        if let device { text += " device=\"\(device)\"" }
        text +=
            " creationDate=\"\(date(created.0, created.1))\" startDate=\"\(date(from.0, from.1))\" endDate=\"\(date(to.0, to.1))\""
        text += " value=\"\(value)\""
        return metadata.isEmpty ? text + "/>" : text + ">" + metadata + "</Record>"
    }

    static func steps(_ source: String, _ from: (Int, Int), _ to: (Int, Int), _ value: Int) -> String {
        record(
            "StepCount", source: source, device: source.contains("Watch") ? watch : phone, unit: "count", from: from,
            to: to,
            value: String(value))
    }

    static func sleep(_ source: String, _ stage: String, _ from: (Int, Int), _ to: (Int, Int)) -> String {
        record(
            "SleepAnalysis", source: source, device: source.contains("Watch") ? watch : phone, unit: nil, from: from,
            to: to,
            value: "HKCategoryValueSleepAnalysis" + stage)
    }

    /// A weighing at 07:30; version `n` created at 07:31, `n - 1` days later.
    static func weighing(_ kilograms: String, version: Int) -> String {
        record(
            "BodyMass", source: "Scale", device: nil, unit: "kg", from: (7, 30), to: (7, 30), value: kilograms,
            metadata: "<MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"weighing-1\"/>"
                + "<MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"\(version)\"/>",
            created: (24 * (version - 1) + 7, 31))
    }

    /// The records both exports hold.
    static let common: [String] = [
        steps("Jo’s Apple Watch", (8, 0), (8, 10), 600),
        steps("Jo’s iPhone", (8, 0), (8, 10), 500),
        steps("Jo’s iPhone", (11, 0), (11, 10), 400),
        record(
            "RestingHeartRate", source: "Jo’s Apple Watch", device: watch, unit: "count/min", from: (7, 0), to: (7, 0),
            value: "52"),
        sleep("Jo’s iPhone", "InBed", (22, 30), (30, 0)),
        sleep("Jo’s Apple Watch", "AsleepCore", (23, 0), (27, 0)),
        sleep("Jo’s Apple Watch", "AsleepDeep", (27, 0), (28, 0)),
        sleep("Jo’s Apple Watch", "Awake", (28, 0), (28, 10)),
        """
        <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalDistance="5.2" \
        totalDistanceUnit="km" totalEnergyBurned="320" totalEnergyBurnedUnit="kcal" sourceName="Jo’s Apple Watch" \
        creationDate="\(date(18, 30))" startDate="\(date(18))" endDate="\(date(18, 30))"/>
        """,
        """
        <ActivitySummary dateComponents="2024-05-10" activeEnergyBurned="480" activeEnergyBurnedGoal="500" \
        activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="35" \
        appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>
        """,
    ]

    /// The iPhone's 15:00 steps, gone from the later export.
    public static let deletedSteps = 300.0

    /// The first export, taken 2024-05-12 09:00.
    public static var first: String {
        xml(
            exportDate: date(48 + 9),
            common + [steps("Jo’s iPhone", (15, 0), (15, 10), 300), weighing("70.5", version: 1)])
    }

    /// The later export, taken 2024-05-14 09:00.
    public static var later: String {
        xml(exportDate: date(96 + 9), common + [weighing("70.2", version: 2)])
    }

    static func xml(exportDate: String, _ elements: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="\(exportDate)"/>
        \(elements.map { " " + $0 }.joined(separator: "\n"))
        </HealthData>

        """
    }

    /// Writes both exports into `folder`; returns their paths, first and later.
    public static func write(in folder: TemporaryFolder) throws -> (first: String, later: String) {
        let paths = (folder.path + "/first.xml", folder.path + "/later.xml")
        try first.write(toFile: paths.0, atomically: true, encoding: .utf8)
        try later.write(toFile: paths.1, atomically: true, encoding: .utf8)
        return paths
    }

    /// Writes both exports into `folder` and imports them whole, the first then the later, each
    /// into the store `open` gives (opened once per import, as the command opens it).
    public static func importBoth(in folder: TemporaryFolder, into open: () throws -> any ImportDestination) throws {
        let exports = try write(in: folder)
        for path in [exports.first, exports.later] {
            let importer = Importer(destination: try open())
            var options = ImportOptions()
            options.window = .all
            options.force = true
            _ = try importer.run(
                reader: try ExportReader(path: path), input: path, signature: ExportSignature.of(file: path),
                options: options)
        }
    }
}
