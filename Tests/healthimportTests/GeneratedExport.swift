import Foundation

/// A medium-sized export written by the tests themselves: tens of thousands of records of the
/// kinds real exports are made of, so an import takes a second or two in a debug build.
///
/// Everything is a pure function of the fields, so two values with the same fields write the
/// same bytes. ``newer`` and ``reexported(offsetMinutes:weightUnit:)`` give the exports a user
/// gets later: the same records plus new ones, or the same records written from another time
/// zone and in pounds.
struct GeneratedExport: Sendable {
    /// Records spread evenly over ``days`` days before the export date.
    var records = 60_000
    var days: Int64 = 60
    /// 2025-06-15 08:00:00 UTC.
    var exportDate: Int64 = 1_749_974_400
    /// The UTC offset every date is written with, minutes.
    var offsetMinutes = -300
    /// `kg` or `lb`: how body mass is written.
    var weightUnit = "kg"
    /// Records after the original export date (the original export had none of these).
    var laterRecords = 0
    /// Days the export date moved on since the original export.
    var laterDays: Int64 = 0
    /// Part of every `HKDevice` description that changes between exports (a memory address).
    var deviceAddress = "0x283f1c2a0"

    static let day: Int64 = 86_400

    /// The export a user makes `days` later: every record of this one, plus `records` new ones
    /// created after this export's date.
    func newer(records: Int, days: Int64 = 2) -> GeneratedExport {
        var later = self
        later.laterRecords = records
        later.laterDays = days
        later.deviceAddress = "0x3a91e7c40"
        return later
    }

    /// The same records exported from another time zone, body mass in another unit.
    func reexported(offsetMinutes: Int, weightUnit: String) -> GeneratedExport {
        var other = self
        other.offsetMinutes = offsetMinutes
        other.weightUnit = weightUnit
        other.deviceAddress = "0x1b22d0f38"
        return other
    }

    /// The export's own date: later exports are dated later.
    var writtenDate: Int64 { exportDate + laterDays * Self.day }

    /// Writes `export.xml` into `folder`; returns its path.
    @discardableResult
    func write(to folder: String, name: String = "export.xml") throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The export's bytes.
    var bytes: [UInt8] {
        var out = ExportText(offsetMinutes: offsetMinutes)
        out.reserve(records * 260)
        out.raw(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 14 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            <!ATTLIST HealthData
              locale CDATA #REQUIRED
            >
            ]>
            <HealthData locale="en_US">

            """)
        out.raw(" <ExportDate value=\"")
        out.date(writtenDate)
        out.raw("\"/>\n")
        out.raw(
            " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1988-04-02\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeNotSet\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
        )
        let first = exportDate - days * Self.day
        // The newest record is created (start + 5 minutes) before the export date.
        let spacing = max(1, (days * Self.day - 600) / Int64(records))
        for index in 0..<records {
            record(index, start: first + Int64(index) * spacing, to: &out)
        }
        if laterRecords > 0 {
            let laterSpacing = max(1, laterDays * Self.day / Int64(laterRecords + 1))
            for index in 0..<laterRecords {
                record(records + index, start: exportDate + Int64(index + 1) * laterSpacing - 300, to: &out)
            }
        }
        // One blood pressure reading and one run a day, and a day of rings for every day before the export's.
        var day = first - first % Self.day
        while day < writtenDate - Self.day {
            correlation(start: day + 7 * 3600, to: &out)
            workout(start: day + 17 * 3600, to: &out)
            day += Self.day
        }
        day = first - first % Self.day
        while day < writtenDate - Self.day {
            activitySummary(day, to: &out)
            day += Self.day
        }
        out.raw("</HealthData>\n")
        return out.bytes
    }

    private func header(
        type: String, source: String, unit: String?, start: Int64, end: Int64, device: Bool, to out: inout ExportText
    ) {
        out.raw(" <Record type=\"")
        out.raw(type)
        out.raw("\" sourceName=\"")
        out.raw(source)
        out.raw("\" sourceVersion=\"18.1\"")
        if device {
            out.raw(" device=\"&lt;&lt;HKDevice: ")
            out.raw(deviceAddress)
            out.raw(
                "&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,5, software:11.1&gt;\"")
        }
        if let unit {
            out.raw(" unit=\"")
            out.raw(unit)
            out.raw("\"")
        }
        out.raw(" creationDate=\"")
        out.date(start + 300)
        out.raw("\" startDate=\"")
        out.date(start)
        out.raw("\" endDate=\"")
        out.date(end)
        out.raw("\"")
    }

    private func record(_ index: Int, start: Int64, to out: inout ExportText) {
        switch index % 10 {
        case 0..<5:
            header(
                type: "HKQuantityTypeIdentifierStepCount",
                source: index % 2 == 0 ? "Anna’s iPhone" : "Anna’s Apple Watch",
                unit: "count", start: start, end: start + 60, device: index % 2 == 1, to: &out)
            out.raw(" value=\"")
            out.int(index % 700 + 1)
            out.raw("\"/>\n")
        case 5, 6:
            header(
                type: "HKQuantityTypeIdentifierHeartRate", source: "Anna’s Apple Watch", unit: "count/min",
                start: start,
                end: start, device: true, to: &out)
            out.raw(" value=\"")
            out.int(58 + index % 41)
            out.raw("\">\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"")
            out.int(index % 3)
            out.raw("\"/>\n </Record>\n")
        case 7:
            header(
                type: "HKQuantityTypeIdentifierBodyMass", source: "Withings", unit: weightUnit, start: start,
                end: start,
                device: false, to: &out)
            let tenthsOfKilogram = 650 + index % 90
            out.raw(" value=\"")
            if weightUnit == "lb" {
                let pounds = Double(tenthsOfKilogram) / 10 / 0.45359237
                out.raw(String(format: "%.1f", pounds))
            } else {
                out.int(tenthsOfKilogram / 10)
                out.raw(".")
                out.int(tenthsOfKilogram % 10)
            }
            out.raw("\"/>\n")
        case 8:
            let stages = ["Core", "Deep", "REM", "Awake"]
            header(
                type: "HKCategoryTypeIdentifierSleepAnalysis", source: "Anna’s Apple Watch", unit: nil, start: start,
                end: start + 45, device: false, to: &out)
            out.raw(" value=\"HKCategoryValueSleepAnalysis")
            out.raw(index % 4 == 3 ? "Awake" : "Asleep" + stages[index % 3])
            out.raw("\"/>\n")
        default:
            header(
                type: "HKQuantityTypeIdentifierActiveEnergyBurned", source: "Anna’s Apple Watch", unit: "kcal",
                start: start, end: start + 60, device: true, to: &out)
            out.raw(" value=\"")
            out.int(index % 17)
            out.raw(".")
            out.int(index % 1000)
            out.raw("\"/>\n")
        }
    }

    private func correlation(start: Int64, to out: inout ExportText) {
        out.raw(
            " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" sourceVersion=\"2\" creationDate=\""
        )
        out.date(start + 300)
        out.raw("\" startDate=\"")
        out.date(start)
        out.raw("\" endDate=\"")
        out.date(start)
        out.raw("\">\n")
        let systolic = 110 + Int(start / Self.day % 25)
        for (type, value) in [("Systolic", systolic), ("Diastolic", systolic - 40)] {
            out.raw(" ")
            header(
                type: "HKQuantityTypeIdentifierBloodPressure" + type, source: "Omron", unit: "mmHg", start: start,
                end: start, device: false, to: &out)
            out.raw(" value=\"")
            out.int(value)
            out.raw("\"/>\n")
        }
        out.raw(" </Correlation>\n")
    }

    private func workout(start: Int64, to out: inout ExportText) {
        let minutes = 25 + Int(start / Self.day % 20)
        let end = start + Int64(minutes) * 60
        out.raw(" <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"")
        out.int(minutes)
        out.raw("\" durationUnit=\"min\" sourceName=\"Anna’s Apple Watch\" sourceVersion=\"11.1\" creationDate=\"")
        out.date(end + 60)
        out.raw("\" startDate=\"")
        out.date(start)
        out.raw("\" endDate=\"")
        out.date(end)
        out.raw(
            "\">\n  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\""
        )
        out.date(start)
        out.raw(
            "\" duration=\"5\" durationUnit=\"min\"/>\n  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\""
        )
        out.date(start)
        out.raw("\" endDate=\"")
        out.date(end)
        out.raw("\" sum=\"")
        out.int(minutes / 6)
        out.raw(".")
        out.int(minutes % 10)
        out.raw("\" unit=\"km\"/>\n </Workout>\n")
    }

    private func activitySummary(_ day: Int64, to out: inout ExportText) {
        out.raw(" <ActivitySummary dateComponents=\"")
        out.day(day)
        out.raw("\" activeEnergyBurned=\"")
        out.int(300 + Int(day / Self.day % 400))
        out.raw(
            "\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"31\" appleExerciseTimeGoal=\"30\" appleStandHours=\"11\" appleStandHoursGoal=\"12\"/>\n"
        )
    }
}

/// A byte buffer with the few writes an export needs, fast enough in debug builds.
struct ExportText {
    private(set) var bytes: [UInt8] = []
    let offsetMinutes: Int
    private let offsetText: [UInt8]

    init(offsetMinutes: Int) {
        self.offsetMinutes = offsetMinutes
        let sign = offsetMinutes < 0 ? "-" : "+"
        let magnitude = abs(offsetMinutes)
        offsetText = Array(" \(sign)\(Self.two(magnitude / 60))\(Self.two(magnitude % 60))".utf8)
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            int(-value)
            return
        }
        if value >= 10 { int(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private mutating func digits(_ value: Int, _ count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// `yyyy-MM-dd` of the UTC day starting at `seconds`.
    mutating func day(_ seconds: Int64) {
        let (year, month, day) = Self.civil(days: Int(seconds.dividedFloor(by: 86_400)))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm` of the instant `seconds`, at this text's offset.
    mutating func date(_ seconds: Int64) {
        let local = seconds + Int64(offsetMinutes) * 60
        let dayNumber = local.dividedFloor(by: 86_400)
        let second = Int(local - dayNumber * 86_400)
        let (year, month, day) = Self.civil(days: Int(dayNumber))
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: " "))
        digits(second / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second % 60, 2)
        bytes.append(contentsOf: offsetText)
    }

    /// Year, month and day of a day number (days since 1970-01-01), after Howard Hinnant's `civil_from_days`.
    static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    func dividedFloor(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
