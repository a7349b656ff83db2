/// One lap of a TCX activity, with its totals.
public struct Lap: Sendable, Equatable {
    /// Where the lap's boundaries come from.
    public enum Origin: String, Sendable {
        /// The whole workout.
        case workout
        /// One activity of a multisport or interval workout.
        case activity
        /// A lap event.
        case lapEvent
        /// A segment event.
        case segmentEvent
        /// The time before the first lap or segment event, between two, or after the last.
        case betweenEvents
    }

    /// What the lap stands for.
    public var origin: Origin
    /// Start, seconds since 1970.
    public var start: Int64
    /// End, seconds since 1970.
    public var end: Int64
    /// Its time in seconds.
    public var seconds: Double
    /// Its distance in metres.
    public var distanceMeters: Double
    /// Its active energy in kilocalories.
    public var kilocalories: Double
    /// Its average heart rate, when known.
    public var averageHeartRate: Double?
    /// Its maximum heart rate, when known.
    public var maximumHeartRate: Double?

    /// Creates a lap.
    public init(
        origin: Origin, start: Int64, end: Int64, seconds: Double, distanceMeters: Double, kilocalories: Double,
        averageHeartRate: Double? = nil, maximumHeartRate: Double? = nil
    ) {
        self.origin = origin
        self.start = start
        self.end = end
        self.seconds = seconds
        self.distanceMeters = distanceMeters
        self.kilocalories = kilocalories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
    }
}
