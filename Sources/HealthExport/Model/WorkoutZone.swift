/// A `WorkoutZoneGroup` (iOS 26): the time a workout spent in each zone of one quantity, e.g. heart-rate zones.
public struct WorkoutZoneGroup: Sendable, Equatable {
    /// The quantity type zoned (`HKQuantityTypeIdentifierHeartRate`).
    public var type: String
    /// Who set the zones (`system`), as written.
    public var source: String?
    /// The unit of the zones' bounds (`count/min`).
    public var unit: String?
    /// The zones, in written order.
    public var zones: [WorkoutZone]

    /// Creates a group.
    public init(type: String, source: String? = nil, unit: String? = nil, zones: [WorkoutZone] = []) {
        self.type = type
        self.source = source
        self.unit = unit
        self.zones = zones
    }
}

/// A `WorkoutZone`: bounds (the lowest zone has no minimum, the highest no maximum) and the time spent in it.
public struct WorkoutZone: Sendable, Equatable {
    /// The lower bound, in the group's unit.
    public var minimum: Double?
    /// The upper bound.
    public var maximum: Double?
    /// The time spent in the zone (`duration`, `durationUnit`).
    public var duration: Measurement?

    /// Creates a zone.
    public init(minimum: Double? = nil, maximum: Double? = nil, duration: Measurement? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.duration = duration
    }
}
