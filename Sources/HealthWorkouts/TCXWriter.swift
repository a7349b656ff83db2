import HealthExport

/// Writes a workout as a Training Center Database v2 (TCX) activity, with or without a route.
///
/// The activity's `Sport` is Running, Biking or Other; its laps are ``WorkoutTrack/laps``, each
/// with its totals and a `Track`: the route's points (time, position, altitude, distance, heart
/// rate, cadence) or, without a route, the heart-rate samples (time, heart rate); a lap without
/// either has its start and end as points.
public enum TCXWriter {
    /// The TCX document of `track`.
    public static func document(_ track: WorkoutTrack) -> [UInt8] {
        let points = track.hasRoute ? track.trackPoints : samplePoints(track)
        let laps = track.laps(along: track.hasRoute ? points : [])
        var xml = XMLText()
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        xml.raw("<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"")
        xml.raw(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        xml.raw(" xsi:schemaLocation=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2")
        xml.raw(" http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n")
        xml.raw(" <Activities>\n  <Activity Sport=\"")
        xml.raw(sport(track.workout.activityType))
        xml.raw("\">\n   <Id>")
        xml.utc(track.start)
        xml.raw("</Id>\n")
        let groups = lapPoints(points, laps: laps)
        for (lap, lapPoints) in zip(laps, groups) {
            write(lap, points: lapPoints, to: &xml)
        }
        xml.raw("   <Notes>")
        xml.escaped(WorkoutFileName.title(track.workout) + ", " + track.workout.header.sourceName)
        xml.raw("</Notes>\n  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n")
        return xml.bytes
    }

    private static func sport(_ activityType: String) -> StaticString {
        switch ActivityName.tcxSport(activityType) {
        case "Running": "Running"
        case "Biking": "Biking"
        default: "Other"
        }
    }

    /// Without a route: one point per heart-rate sample during the workout.
    private static func samplePoints(_ track: WorkoutTrack) -> [TrackPoint] {
        track.heartRate.slice(from: track.start, through: track.end).map { sample in
            TrackPoint(
                point: RoutePoint(
                    time: ExportTimestamp(secondsSince1970: sample.time, offsetMinutes: 0), latitude: .nan,
                    longitude: .nan),
                distanceMeters: .nan, heartRate: sample.value,
                cadence: track.cadence.latest(atOrBefore: sample.time)?.value, startsSegment: false)
        }
    }

    /// The points of each lap: those from its start until the next lap's (the first lap also
    /// takes earlier points, the last later ones; a point without a time stays with the one before).
    static func lapPoints(_ points: [TrackPoint], laps: [Lap]) -> [[TrackPoint]] {
        var groups = Array(repeating: [TrackPoint](), count: laps.count)
        guard !laps.isEmpty else { return groups }
        var lapIndex = 0
        for point in points {
            if let time = point.point.time?.secondsSince1970 {
                lapIndex = 0
                while lapIndex + 1 < laps.count, laps[lapIndex + 1].start <= time { lapIndex += 1 }
            }
            groups[lapIndex].append(point)
        }
        return groups
    }

    private static func write(_ lap: Lap, points: [TrackPoint], to xml: inout XMLText) {
        xml.raw("   <Lap StartTime=\"")
        xml.utc(lap.start)
        xml.raw("\">\n    <TotalTimeSeconds>")
        xml.number(lap.seconds, decimals: 3)
        xml.raw("</TotalTimeSeconds>\n    <DistanceMeters>")
        xml.number(lap.distanceMeters, decimals: 2)
        xml.raw("</DistanceMeters>\n    <Calories>")
        xml.integer(min(Int(lap.kilocalories.rounded()), Int(UInt16.max)))
        xml.raw("</Calories>\n")
        if let average = beats(lap.averageHeartRate) {
            xml.raw("    <AverageHeartRateBpm><Value>")
            xml.integer(average)
            xml.raw("</Value></AverageHeartRateBpm>\n")
        }
        if let maximum = beats(lap.maximumHeartRate) {
            xml.raw("    <MaximumHeartRateBpm><Value>")
            xml.integer(maximum)
            xml.raw("</Value></MaximumHeartRateBpm>\n")
        }
        xml.raw("    <Intensity>Active</Intensity>\n    <TriggerMethod>Manual</TriggerMethod>\n")
        xml.raw("    <Track>\n")
        if points.isEmpty {
            // Readers take an activity's times from its points: a lap without any marks its
            // start and end.
            for time in [lap.start, lap.end] {
                xml.raw("     <Trackpoint><Time>")
                xml.utc(time)
                xml.raw("</Time></Trackpoint>\n")
            }
        }
        for point in points { write(point, to: &xml) }
        xml.raw("    </Track>\n")
        xml.raw("   </Lap>\n")
    }

    private static func write(_ point: TrackPoint, to xml: inout XMLText) {
        xml.raw("     <Trackpoint>")
        if let time = point.point.time {
            xml.raw("<Time>")
            xml.utc(time.secondsSince1970)
            xml.raw("</Time>")
        }
        if point.point.latitude.isFinite, point.point.longitude.isFinite {
            xml.raw("<Position><LatitudeDegrees>")
            xml.number(point.point.latitude, decimals: 7)
            xml.raw("</LatitudeDegrees><LongitudeDegrees>")
            xml.number(point.point.longitude, decimals: 7)
            xml.raw("</LongitudeDegrees></Position>")
        }
        if let elevation = point.point.elevation {
            xml.raw("<AltitudeMeters>")
            xml.number(elevation, decimals: 2)
            xml.raw("</AltitudeMeters>")
        }
        if point.distanceMeters.isFinite {
            xml.raw("<DistanceMeters>")
            xml.number(point.distanceMeters, decimals: 2)
            xml.raw("</DistanceMeters>")
        }
        if let heartRate = beats(point.heartRate) {
            xml.raw("<HeartRateBpm><Value>")
            xml.integer(heartRate)
            xml.raw("</Value></HeartRateBpm>")
        }
        if let cadence = point.cadence, cadence.isFinite, cadence >= 0 {
            xml.raw("<Cadence>")
            xml.integer(min(Int(cadence.rounded()), 254))
            xml.raw("</Cadence>")
        }
        xml.raw("</Trackpoint>\n")
    }

    /// A heart rate as TCX's `unsignedByte` (1...255), or `nil` when there is none to write.
    private static func beats(_ value: Double?) -> Int? {
        guard let value, value.isFinite, value >= 0.5 else { return nil }
        return min(Int(value.rounded()), 255)
    }
}
