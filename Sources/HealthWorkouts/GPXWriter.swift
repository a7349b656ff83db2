/// Writes a workout's route as GPX 1.1, with heart rate and cadence in Garmin's
/// TrackPointExtension v1 (`gpxtpx:hr`, `gpxtpx:cad`), which Strava, Garmin Connect and most
/// training platforms read.
///
/// One `trkseg` per route file; each point has its elevation and time where the export has
/// them, and the heart rate (and cadence) of the latest sample of the workout's own source at or
/// before the point, at most a minute old.
public enum GPXWriter {
    /// The GPX document of `track`, or `nil` when it has no route.
    public static func document(_ track: WorkoutTrack, creator: String = "healthimport") -> [UInt8]? {
        guard track.hasRoute else { return nil }
        var xml = XMLText()
        xml.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        xml.raw("<gpx version=\"1.1\" creator=\"")
        xml.escaped(creator)
        xml.raw("\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        xml.raw(" xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"")
        xml.raw(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        xml.raw(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd")
        xml.raw(" http://www.garmin.com/xmlschemas/TrackPointExtension/v1")
        xml.raw(" http://www8.garmin.com/xmlschemas/TrackPointExtensionv1.xsd\">\n")
        xml.raw(" <metadata>\n  <time>")
        xml.utc(track.start)
        xml.raw("</time>\n </metadata>\n <trk>\n  <name>")
        xml.escaped(WorkoutFileName.title(track.workout))
        xml.raw("</name>\n  <type>")
        xml.escaped(ActivityName.fileName(track.workout.activityType))
        xml.raw("</type>\n")
        var open = false
        for point in track.trackPoints {
            if point.startsSegment {
                if open { xml.raw("  </trkseg>\n") }
                xml.raw("  <trkseg>\n")
                open = true
            }
            write(point, to: &xml)
        }
        if open { xml.raw("  </trkseg>\n") }
        xml.raw(" </trk>\n</gpx>\n")
        return xml.bytes
    }

    private static func write(_ point: TrackPoint, to xml: inout XMLText) {
        xml.raw("   <trkpt lat=\"")
        xml.number(point.point.latitude, decimals: 7)
        xml.raw("\" lon=\"")
        xml.number(point.point.longitude, decimals: 7)
        xml.raw("\">")
        if let elevation = point.point.elevation {
            xml.raw("<ele>")
            xml.number(elevation, decimals: 2)
            xml.raw("</ele>")
        }
        if let time = point.point.time {
            xml.raw("<time>")
            xml.utc(time.secondsSince1970)
            xml.raw("</time>")
        }
        if point.heartRate != nil || point.cadence != nil {
            xml.raw("<extensions><gpxtpx:TrackPointExtension>")
            if let heartRate = point.heartRate {
                xml.raw("<gpxtpx:hr>")
                xml.integer(Int(heartRate.rounded()))
                xml.raw("</gpxtpx:hr>")
            }
            if let cadence = point.cadence {
                xml.raw("<gpxtpx:cad>")
                xml.integer(Int(cadence.rounded()))
                xml.raw("</gpxtpx:cad>")
            }
            xml.raw("</gpxtpx:TrackPointExtension></extensions>")
        }
        xml.raw("</trkpt>\n")
    }
}
