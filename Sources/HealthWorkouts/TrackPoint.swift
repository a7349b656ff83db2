import HealthExport

/// A route point with what the files add to it: the distance so far, heart rate and cadence.
public struct TrackPoint: Sendable, Equatable {
    /// The point as read.
    public var point: RoutePoint
    /// The distance from the route's first point, in metres, along the points.
    public var distanceMeters: Double
    /// The latest heart-rate sample at or before the point, at most a minute old.
    public var heartRate: Double?
    /// The latest cadence sample at or before the point, at most a minute old.
    public var cadence: Double?
    /// Whether the point starts a new route file.
    public var startsSegment: Bool
}

extension WorkoutTrack {
    /// The route's points in order, each with its distance so far, heart rate and cadence.
    public var trackPoints: [TrackPoint] {
        var result: [TrackPoint] = []
        result.reserveCapacity(segments.reduce(0) { $0 + $1.count })
        var distance = 0.0
        var previous: RoutePoint?
        for segment in segments {
            for (index, point) in segment.enumerated() {
                if let previous { distance += Geodesy.meters(from: previous, to: point) }
                previous = point
                let time = point.time?.secondsSince1970
                result.append(
                    TrackPoint(
                        point: point, distanceMeters: distance,
                        heartRate: time.flatMap { heartRate.latest(atOrBefore: $0)?.value },
                        cadence: time.flatMap { cadence.latest(atOrBefore: $0)?.value }, startsSegment: index == 0))
            }
        }
        return result
    }
}
