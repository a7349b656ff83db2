import Foundation

/// A small export written element by element, for the tests of corrections by later exports.
/// Dates are written in +02:00; the day is `2025-05-…`.
struct CorrectionExport {
    /// `2025-06-01 09:00:00 +0200` and the like.
    var exportDate: String
    var elements: [String] = []

    init(exportDate: String, elements: [String] = []) {
        self.exportDate = exportDate
        self.elements = elements
    }

    /// A heart-rate sample on May `day` at `minute` past 08:00 (creation five seconds after).
    static func heartRate(day: Int = 20, minute: Int, value: Int = 60, source: String = "Anna’s Watch") -> String {
        let time = "2025-05-\(two(day)) \(two(8 + minute / 60)):\(two(minute % 60)):00 +0200"
        let created = "2025-05-\(two(day)) \(two(8 + minute / 60)):\(two(minute % 60)):05 +0200"
        return
            "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"\(source)\" unit=\"count/min\" creationDate=\"\(created)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(value)\"/>"
    }

    /// A resting heart rate of May `day` (a view reads these).
    static func restingHeartRate(day: Int, value: Int) -> String {
        let time = "2025-05-\(two(day)) 07:00:00 +0200"
        return
            "<Record type=\"HKQuantityTypeIdentifierRestingHeartRate\" sourceName=\"Anna’s Watch\" unit=\"count/min\" creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(value)\"/>"
    }

    /// A weight with a sync identifier and version, created at `created`.
    static func syncedWeight(kilograms: String, version: Int?, created: String) -> String {
        let version = version.map { "<MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"\($0)\"/>" } ?? ""
        return """
            <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="\(created)" \
            startDate="2025-05-30 08:00:00 +0200" endDate="2025-05-30 08:00:00 +0200" value="\(kilograms)">\
            <MetadataEntry key="HKMetadataKeySyncIdentifier" value="weighing-17"/>\(version)</Record>
            """
    }

    /// A food energy sample with `HKExternalUUID` `external`.
    static func food(external: String) -> String {
        let time = "2025-05-31 10:00:00 +0200"
        return """
            <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="Food Log" unit="kcal" \
            creationDate="\(time)" startDate="\(time)" endDate="\(time)" value="60">\
            <MetadataEntry key="HKExternalUUID" value="\(external)"/></Record>
            """
    }

    /// The activity summary of `day` (`2025-06-01`).
    static func activitySummary(_ day: String, energy: Int) -> String {
        """
        <ActivitySummary dateComponents="\(day)" activeEnergyBurned="\(energy)" activeEnergyBurnedGoal="500" \
        activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="5" \
        appleExerciseTimeGoal="30" appleStandHours="2" appleStandHoursGoal="12"/>
        """
    }

    var xml: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_US\">",
            " <ExportDate value=\"\(exportDate)\"/>",
        ]
        lines += elements.map { " " + $0 }
        lines.append("</HealthData>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the export to `folder/name`; returns its path.
    func write(to folder: String, name: String) throws -> String {
        let path = folder + "/" + name
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// The counts of one type or the total in `import --json`, with the keys of corrections.
struct CorrectionCounts: Equatable, CustomStringConvertible {
    var new = 0
    var updated = 0
    var deleted = 0
    var already = 0
    var repeated = 0
    var outside = 0
    var invalid = 0
    var read = 0

    init(
        new: Int = 0, updated: Int = 0, deleted: Int = 0, already: Int = 0, repeated: Int = 0, outside: Int = 0,
        invalid: Int = 0, read: Int = 0
    ) {
        (self.new, self.updated, self.deleted, self.already, self.repeated, self.outside, self.invalid, self.read) =
            (new, updated, deleted, already, repeated, outside, invalid, read)
    }

    init(json: Any?) throws {
        guard let object = json as? [String: Int] else { throw CocoaError(.coderReadCorrupt) }
        new = object["new"] ?? -1
        updated = object["updated"] ?? -1
        deleted = object["deleted"] ?? -1
        already = object["alreadyImported"] ?? -1
        repeated = object["repeated"] ?? -1
        outside = object["outsideWindow"] ?? -1
        invalid = object["invalid"] ?? -1
        read = object["read"] ?? -1
    }

    /// Every record read counted once; deletions are stored rows, not read.
    var addsUp: Bool { new + updated + already + repeated + outside + invalid == read && deleted >= 0 }

    var description: String {
        "new \(new) updated \(updated) deleted \(deleted) already \(already) repeated \(repeated) outside \(outside) invalid \(invalid) read \(read)"
    }
}

/// One `import --json` run: its total and per-type counts.
struct CorrectionRun {
    var result: CLI.Result
    var total: CorrectionCounts
    var types: [String: CorrectionCounts]

    /// Runs `healthimport import arguments --json`, checking that every count adds up.
    static func run(_ arguments: [String]) throws -> CorrectionRun {
        let result = try CLI.run(["import"] + arguments + ["--json"])
        guard result.status == 0 else { return CorrectionRun(result: result, total: CorrectionCounts(), types: [:]) }
        let json = try jsonObject(result.stdout)
        var types: [String: CorrectionCounts] = [:]
        for (type, value) in json["types"] as? [String: Any] ?? [:] { types[type] = try CorrectionCounts(json: value) }
        return CorrectionRun(result: result, total: try CorrectionCounts(json: json["total"]), types: types)
    }

    /// Whether the total and every type add up, and the types sum to the total.
    var addsUp: Bool {
        var sum = CorrectionCounts()
        for counts in types.values {
            guard counts.addsUp else { return false }
            sum.new += counts.new
            sum.updated += counts.updated
            sum.deleted += counts.deleted
            sum.already += counts.already
            sum.repeated += counts.repeated
            sum.outside += counts.outside
            sum.invalid += counts.invalid
            sum.read += counts.read
        }
        return total.addsUp && sum == total
    }
}
