/// An `Observation.category` from HL7's observation-category code system.
public enum ObservationCategory: String, Sendable, CaseIterable {
    case vitalSigns = "vital-signs"
    case activity
    case laboratory
    case procedure

    /// The code system's URI.
    public static let system = "http://terminology.hl7.org/CodeSystem/observation-category"

    /// The code as written (`vital-signs`).
    public var code: String { rawValue }

    /// The code's display text.
    public var display: String {
        switch self {
        case .vitalSigns: "Vital Signs"
        case .activity: "Activity"
        case .laboratory: "Laboratory"
        case .procedure: "Procedure"
        }
    }
}
