/// What an `Observation` of one HealthKit type says it is: its LOINC code, the code's display,
/// its category and the unit its value takes.
public struct ObservationCode: Sendable, Equatable {
    /// LOINC's system URI.
    public static let loincSystem = "http://loinc.org"
    /// The system URI of HealthKit's own identifiers, for types without a LOINC code here.
    public static let healthKitSystem = "http://developer.apple.com/documentation/healthkit"

    /// The LOINC code (`8867-4`).
    public var code: String
    /// LOINC's display name for it (`Heart rate`).
    public var display: String
    /// The observation's category.
    public var category: ObservationCategory
    /// How values become the code's unit; `nil` for codes without a quantity (panels, ECGs).
    public var rule: UnitRule?

    /// Creates a code.
    public init(code: String, display: String, category: ObservationCategory, rule: UnitRule?) {
        self.code = code
        self.display = display
        self.category = category
        self.rule = rule
    }
}
