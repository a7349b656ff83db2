import HealthCore

/// What a redaction keeps and how it disguises it.
public struct RedactOptions: Sendable {
    /// How far every date moves.
    public var shift: DateShift
    /// The keyed hash identifiers are replaced by.
    public var hash: KeyedHash
    /// Which record types are kept (`--type`).
    public var selection: TypeSelection
    /// Which stretch of history is kept (`--since`, `--days`), measured on the original dates.
    public var window: ImportWindow

    /// Options for one run.
    public init(shift: DateShift, hash: KeyedHash, selection: TypeSelection = .everything, window: ImportWindow = .all)
    {
        self.shift = shift
        self.hash = hash
        self.selection = selection
        self.window = window
    }

    /// A random shift: a whole number of weeks back, between one and ten years.
    public static func randomShift() -> DateShift {
        var generator = SystemRandomNumberGenerator()
        return DateShift(days: -7 * Int.random(in: 52...521, using: &generator))
    }
}
