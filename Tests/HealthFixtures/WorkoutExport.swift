import Foundation

/// An export folder with workouts, their GPX routes and the heart-rate and cadence samples around
/// them, as a watch writes them: written for the `workouts` tests (every name and place invented).
///
/// - A run, 2024-05-07 13:18 to 13:48 (+0200), with a route every 4 s, three 10-minute lap events,
///   heart rate every 10 s from the watch (none from 13:28 to 13:30, and the last sample before the
///   start two minutes early) and every 10 s from a chest-strap app, whose samples must not be used.
/// - A ride, 2024-05-09 18:02:30 to 18:42:30, with a route every 5 s, heart rate every 5 s and
///   cycling cadence every 10 s, no events, its energy in kJ and distance in km.
/// - Yoga, 2024-05-12 07:30 to 08:00, without a route, heart rate every 15 s.
/// - A walk on 2024-03-01, outside the default 30-day window.
public struct WorkoutExport {
    /// The folder above `apple_health_export`.
    public let folder: TemporaryFolder
    /// `…/apple_health_export`.
    public var exportFolder: String { folder.path + "/apple_health_export" }
    /// `…/apple_health_export/export.xml`.
    public var xmlPath: String { exportFolder + "/export.xml" }

    /// The watch's source name.
    public static let watch = "Mia’s Apple Watch"
    /// The other heart-rate source.
    public static let strap = "Polar Beat"
    /// The run's start, seconds since 1970 (2024-05-07 13:18:00 +0200).
    public static let runStart: Int64 = 1_715_080_680
    /// The ride's start (2024-05-09 18:02:30 +0200).
    public static let rideStart: Int64 = 1_715_270_550
    /// Yoga's start (2024-05-12 07:30:00 +0200).
    public static let yogaStart: Int64 = 1_715_491_800

    /// Writes the export.
    public init() throws {
        folder = TemporaryFolder()
        let routes = folder.path + "/apple_health_export/workout-routes"
        try FileManager.default.createDirectory(atPath: routes, withIntermediateDirectories: true)
        var records: [String] = []
        var heartRates: [String] = []
        heartRates.append(Self.sample("HeartRate", Self.watch, Self.runStart - 120, 72, unit: "count/min"))
        for index in 0..<180 {
            let time = Self.runStart + 5 + Int64(index) * 10
            if time >= Self.runStart + 600, time < Self.runStart + 720 { continue }
            heartRates.append(Self.sample("HeartRate", Self.watch, time, Double(120 + index % 40), unit: "count/min"))
            heartRates.append(Self.sample("HeartRate", Self.strap, time - 3, 201, unit: "count/min"))
        }
        for index in 0..<480 {
            let time = Self.rideStart + Int64(index) * 5
            heartRates.append(Self.sample("HeartRate", Self.watch, time, Double(130 + index % 20), unit: "count/min"))
        }
        for index in 0..<120 {
            let time = Self.yogaStart + Int64(index) * 15
            heartRates.append(Self.sample("HeartRate", Self.watch, time, Double(80 + index % 15), unit: "count/min"))
        }
        records += heartRates
        for index in 0..<240 {
            let time = Self.rideStart + Int64(index) * 10
            records.append(Self.sample("CyclingCadence", Self.watch, time, Double(80 + index % 10), unit: "count/min"))
        }
        let run = Self.workout(
            "Running", start: Self.runStart, seconds: 1800,
            children: """
                  <WorkoutEvent type="HKWorkoutEventTypeLap" date="\(Self.date(Self.runStart))" duration="10" durationUnit="min"/>
                  <WorkoutEvent type="HKWorkoutEventTypeLap" date="\(Self.date(Self.runStart + 600))" duration="10" durationUnit="min"/>
                  <WorkoutEvent type="HKWorkoutEventTypeLap" date="\(Self.date(Self.runStart + 1200))" duration="10" durationUnit="min"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="\(Self.date(Self.runStart))" endDate="\(Self.date(Self.runStart + 1800))" sum="5.02" unit="km"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\(Self.date(Self.runStart))" endDate="\(Self.date(Self.runStart + 1800))" sum="410.5" unit="Cal"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="\(Self.date(Self.runStart))" endDate="\(Self.date(Self.runStart + 1800))" average="139.4" minimum="120" maximum="159" unit="count/min"/>
                  <WorkoutRoute sourceName="\(Self.watch)" sourceVersion="10.4" creationDate="\(Self.date(Self.runStart + 1810))" startDate="\(Self.date(Self.runStart))" endDate="\(Self.date(Self.runStart + 1800))">
                   <FileReference path="/workout-routes/route_2024-05-07_1.48pm.gpx"/>
                  </WorkoutRoute>
                """)
        let ride = Self.workout(
            "Cycling", start: Self.rideStart, seconds: 2400,
            children: """
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="\(Self.date(Self.rideStart))" endDate="\(Self.date(Self.rideStart + 2400))" sum="15.3" unit="km"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="\(Self.date(Self.rideStart))" endDate="\(Self.date(Self.rideStart + 2400))" sum="1589.92" unit="kJ"/>
                  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="\(Self.date(Self.rideStart))" endDate="\(Self.date(Self.rideStart + 2400))" average="139.5" minimum="130" maximum="149" unit="count/min"/>
                  <WorkoutRoute sourceName="\(Self.watch)" sourceVersion="10.4" creationDate="\(Self.date(Self.rideStart + 2410))" startDate="\(Self.date(Self.rideStart))" endDate="\(Self.date(Self.rideStart + 2400))">
                   <FileReference path="/workout-routes/route_2024-05-09_6.42pm.gpx"/>
                  </WorkoutRoute>
                """)
        let yoga = Self.workout("Yoga", start: Self.yogaStart, seconds: 1800, children: "")
        let walk = Self.workout(
            "Walking", start: Self.runStart - 67 * 86_400, seconds: 1500,
            children: """
                  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="\(Self.date(Self.runStart - 67 * 86_400))" endDate="\(Self.date(Self.runStart - 67 * 86_400 + 1500))" sum="1.9" unit="mi"/>
                """)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 14 -->
            ]>
            <HealthData locale="en_US">
             <ExportDate value="2024-05-20 09:00:00 +0200"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-03-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
            \(records.joined(separator: "\n"))
            \(walk)
            \(run)
            \(ride)
            \(yoga)
            </HealthData>

            """
        try xml.write(toFile: xmlPath, atomically: true, encoding: .utf8)
        try Self.route(start: Self.runStart, seconds: 1800, every: 4, latitude: 52.5163, longitude: 13.3777)
            .write(toFile: routes + "/route_2024-05-07_1.48pm.gpx", atomically: true, encoding: .utf8)
        try Self.route(start: Self.rideStart, seconds: 2400, every: 5, latitude: 48.1374, longitude: 11.5755)
            .write(toFile: routes + "/route_2024-05-09_6.42pm.gpx", atomically: true, encoding: .utf8)
    }

    /// `yyyy-MM-dd HH:mm:ss +0200` of an instant.
    public static func date(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 7200)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    private static func sample(_ type: String, _ source: String, _ time: Int64, _ value: Double, unit: String)
        -> String
    {
        let device =
            source == watch
            ? " device=\"&lt;&lt;HKDevice: 0x3000a1b2c&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.4&gt;\""
            : ""
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return
            " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.4\"\(device) unit=\"\(unit)\" creationDate=\"\(date(time + 30))\" startDate=\"\(date(time))\" endDate=\"\(date(time))\" value=\"\(number)\"/>"
    }

    private static func workout(_ activity: String, start: Int64, seconds: Int64, children: String) -> String {
        """
         <Workout workoutActivityType="HKWorkoutActivityType\(activity)" duration="\(Double(seconds) / 60)" durationUnit="min" sourceName="\(watch)" sourceVersion="10.4" creationDate="\(date(start + seconds + 5))" startDate="\(date(start))" endDate="\(date(start + seconds))">
          <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
        \(children)
         </Workout>
        """
    }

    private static func route(start: Int64, seconds: Int64, every step: Int64, latitude: Double, longitude: Double)
        -> String
    {
        var points: [String] = []
        let formatter = ISO8601DateFormatter()
        for index in 0...(seconds / step) {
            let time = start + index * step
            let lat = latitude + Double(index) * 0.000_031
            let lon = longitude + Double(index) * 0.000_019 * (index % 50 < 25 ? 1 : -1)
            let elevation = 34 + 3 * sin(Double(index) / 20)
            let stamp = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
            points.append(
                "      <trkpt lon=\"\(String(format: "%.6f", lon))\" lat=\"\(String(format: "%.6f", lat))\"><ele>\(String(format: "%.6f", elevation))</ele><time>\(stamp)</time><extensions><speed>3.100000</speed><course>20.000000</course><hAcc>4.000000</hAcc><vAcc>3.000000</vAcc></extensions></trkpt>"
            )
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <time>2024-05-20T07:00:00Z</time>
              </metadata>
              <trk>
                <name>Route</name>
                <trkseg>
            \(points.joined(separator: "\n"))
                </trkseg>
              </trk>
            </gpx>

            """
    }
}
