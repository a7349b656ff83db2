import HealthExport

/// Seconds a workout spent in each heart-rate zone: Apple's own zones when the workout carries a
/// heart-rate `WorkoutZoneGroup`, else five zones of a maximum heart rate computed from the samples.
public struct HeartRateZones: Sendable, Equatable {
    /// Where the zones come from.
    public enum Origin: String, Sendable {
        /// The workout's `WorkoutZoneGroup`, as the export wrote it.
        case apple
        /// Five zones of ``maximumHeartRate``, from the heart-rate samples.
        case computed
    }

    /// One zone: its bounds in beats per minute (the lowest has no minimum, the highest no
    /// maximum) and the seconds spent in it.
    public struct Zone: Sendable, Equatable {
        /// The lower bound; `nil` for the lowest zone.
        public var minimum: Double?
        /// The upper bound (excluded); `nil` for the highest zone.
        public var maximum: Double?
        /// Seconds spent in the zone.
        public var seconds: Double
    }

    /// Apple's zones, or computed.
    public var origin: Origin
    /// The maximum heart rate the computed zones are shares of; `nil` for Apple's.
    public var maximumHeartRate: Double?
    /// The zones from the lowest up.
    public var zones: [Zone]

    /// The upper bounds of the computed zones 1 to 4, as shares of the maximum heart rate: zone 1
    /// is everything below 60 %, zone 5 everything from 90 % up.
    public static let shares = [0.6, 0.7, 0.8, 0.9]

    /// Apple's zones of `workout`, when it carries a heart-rate zone group.
    public static func apple(_ workout: Workout) -> HeartRateZones? {
        guard let group = workout.zoneGroups.first(where: { $0.type == HeartRate.type }), !group.zones.isEmpty
        else { return nil }
        let zones = group.zones.map { zone in
            let seconds = zone.duration.map { UnitConversion.toBase($0.value, unit: $0.unit).value } ?? 0
            return Zone(
                minimum: zone.minimum.map { HeartRate.beatsPerMinute($0, unit: group.unit) },
                maximum: zone.maximum.map { HeartRate.beatsPerMinute($0, unit: group.unit) }, seconds: seconds)
        }
        return HeartRateZones(origin: .apple, maximumHeartRate: nil, zones: zones)
    }

    /// Five zones of `maximum` over the workout of `track`, each sample holding as in
    /// ``SampleSeries/pieces(from:to:)``; `nil` without samples during the workout.
    public static func computed(_ track: WorkoutTrack, maximum: Double) -> HeartRateZones? {
        let pieces = track.heartRate.pieces(from: track.start, to: track.end)
        guard !pieces.isEmpty, maximum > 0 else { return nil }
        let bounds = shares.map { $0 * maximum }
        var seconds = Array(repeating: 0.0, count: bounds.count + 1)
        for piece in pieces {
            let zone = bounds.firstIndex { piece.value < $0 } ?? bounds.count
            seconds[zone] += Double(piece.seconds)
        }
        let zones = seconds.indices.map { index in
            Zone(
                minimum: index == 0 ? nil : bounds[index - 1], maximum: index == bounds.count ? nil : bounds[index],
                seconds: seconds[index])
        }
        return HeartRateZones(origin: .computed, maximumHeartRate: maximum, zones: zones)
    }
}
