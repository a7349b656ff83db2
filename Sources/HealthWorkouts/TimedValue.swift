/// One sample reduced to what a track needs: when (seconds since 1970) and the value.
public struct TimedValue: Sendable, Equatable {
    /// Seconds since 1970 UTC (the sample's start).
    public var time: Int64
    /// The value, in the series' unit (beats or revolutions per minute).
    public var value: Double

    /// Creates a value.
    public init(time: Int64, value: Double) {
        self.time = time
        self.value = value
    }
}
