import HealthExport

/// Which record types a run takes: every type, or those named with `--type`.
///
/// Names may be full identifiers (`HKQuantityTypeIdentifierBodyMass`), short ones (`BodyMass`,
/// case-insensitive), friendly names (`weight`, `heart-rate`, `sleep`, `workouts`, ...; see
/// ``friendlyNames``) or kinds (`quantity`, `category`, `workout`, `route`, `ecg`, ...).
public struct TypeSelection: Sendable {
    /// Friendly names and the identifiers or kinds they stand for.
    public static let friendlyNames: KeyValuePairs<String, [String]> = [
        "weight": ["HKQuantityTypeIdentifierBodyMass"],
        "body-fat": ["HKQuantityTypeIdentifierBodyFatPercentage"],
        "bmi": ["HKQuantityTypeIdentifierBodyMassIndex"],
        "height": ["HKQuantityTypeIdentifierHeight"],
        "heart-rate": ["HKQuantityTypeIdentifierHeartRate"],
        "resting-heart-rate": ["HKQuantityTypeIdentifierRestingHeartRate"],
        "hrv": ["HKQuantityTypeIdentifierHeartRateVariabilitySDNN"],
        "steps": ["HKQuantityTypeIdentifierStepCount"],
        "distance": ["HKQuantityTypeIdentifierDistanceWalkingRunning"],
        "flights": ["HKQuantityTypeIdentifierFlightsClimbed"],
        "active-energy": ["HKQuantityTypeIdentifierActiveEnergyBurned"],
        "basal-energy": ["HKQuantityTypeIdentifierBasalEnergyBurned"],
        "exercise-time": ["HKQuantityTypeIdentifierAppleExerciseTime"],
        "oxygen": ["HKQuantityTypeIdentifierOxygenSaturation"],
        "respiratory-rate": ["HKQuantityTypeIdentifierRespiratoryRate"],
        "vo2max": ["HKQuantityTypeIdentifierVO2Max"],
        "temperature": ["HKQuantityTypeIdentifierBodyTemperature"],
        "sleep": ["HKCategoryTypeIdentifierSleepAnalysis"],
        "stand-hours": ["HKCategoryTypeIdentifierAppleStandHour"],
        "mindfulness": ["HKCategoryTypeIdentifierMindfulSession"],
        "blood-pressure": [
            "HKCorrelationTypeIdentifierBloodPressure", "HKQuantityTypeIdentifierBloodPressureSystolic",
            "HKQuantityTypeIdentifierBloodPressureDiastolic",
        ],
        "food": ["HKCorrelationTypeIdentifierFood"],
        "workouts": ["kind:workout"],
        "activity": ["kind:activitySummary"],
        "routes": ["kind:route"],
        "ecg": ["kind:ecg"],
        "clinical": ["kind:clinical"],
        "audiograms": ["kind:audiogram"],
        "vision": ["kind:visionPrescription"],
        "export": ["kind:export"],
    ]

    private let identifiers: Set<String>
    private let shortNames: Set<String>
    private let kinds: Set<RecordKind>
    /// Whether every type is selected.
    public let selectsEverything: Bool

    /// Every type.
    public static let everything = TypeSelection()

    private init(identifiers: Set<String> = [], shortNames: Set<String> = [], kinds: Set<RecordKind> = [], all: Bool) {
        self.identifiers = identifiers
        self.shortNames = shortNames
        self.kinds = kinds
        selectsEverything = all
    }

    private init() {
        self.init(all: true)
    }

    /// The types named by `names`; throws for a name that is none of the accepted forms.
    public init(_ names: [String]) throws(SelectionError) {
        guard !names.isEmpty else {
            self.init()
            return
        }
        var identifiers = Set<String>()
        var shortNames = Set<String>()
        var kinds = Set<RecordKind>()
        for name in names {
            let expanded = Self.friendlyNames.first { $0.key == name.lowercased() }?.value ?? [name]
            for item in expanded {
                if item.hasPrefix("kind:"), let kind = RecordKind(rawValue: String(item.dropFirst(5))) {
                    kinds.insert(kind)
                } else if let kind = RecordKind(rawValue: item) ?? (item == "workout" ? .workout : nil) {
                    kinds.insert(kind)
                } else if item.hasPrefix("HK") {
                    identifiers.insert(item)
                } else if item.allSatisfy({ $0.isLetter || $0.isNumber }) {
                    shortNames.insert(item.lowercased())
                } else {
                    throw SelectionError(name: name)
                }
            }
        }
        self.init(identifiers: identifiers, shortNames: shortNames, kinds: kinds, all: false)
    }

    /// Whether records of `kind` and `type` are selected.
    public func selects(kind: RecordKind, type: String) -> Bool {
        if selectsEverything { return true }
        if kinds.contains(kind) { return true }
        if kind == .weight, kinds.contains(.quantity) { return true }
        return names(type)
    }

    /// Whether the records of `type`, as a store names their type (in its anchors, say), are
    /// selected: their kind is told by the name.
    public func selects(storedType type: String) -> Bool {
        if let kind = Self.kind(ofStoredType: type) { return selects(kind: kind, type: type) }
        return selectsEverything || names(type)
    }

    /// Whether `type` is named by its identifier or its short name.
    private func names(_ type: String) -> Bool {
        if identifiers.contains(type) { return true }
        guard !shortNames.isEmpty else { return false }
        return shortNames.contains(Self.shortName(of: type).lowercased())
    }

    /// The kind of the records of `type`, as the store names types; nil for a name it does not tell.
    static func kind(ofStoredType type: String) -> RecordKind? {
        switch type {
        case "HealthExport": return .export
        case ActivitySummary.typeIdentifier: return .activitySummary
        case RouteTrack.typeIdentifier: return .route
        case Electrocardiogram.typeIdentifier: return .electrocardiogram
        case "HKQuantityTypeIdentifierBodyMass": return .weight
        default: break
        }
        let prefixes: [(String, RecordKind)] = [
            ("HKQuantityTypeIdentifier", .quantity), ("HKDataType", .quantity), ("HKCategoryTypeIdentifier", .category),
            ("HKCorrelationTypeIdentifier", .correlation), ("HKWorkoutActivityType", .workout),
            ("HKClinicalTypeIdentifier", .clinical),
        ]
        return prefixes.first { type.hasPrefix($0.0) }?.1
    }

    /// `HKQuantityTypeIdentifierBodyMass` → `BodyMass`; `HKWorkoutActivityTypeRunning` → `Running`.
    static func shortName(of type: String) -> Substring {
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKClinicalTypeIdentifier", "HKWorkoutActivityType", "HKDataType",
        ] where type.hasPrefix(prefix) {
            return type.dropFirst(prefix.count)
        }
        return Substring(type)
    }
}

/// A `--type` name that is not an identifier, a short name, a friendly name or a kind.
public struct SelectionError: Error, Sendable, CustomStringConvertible {
    /// The name as given.
    public var name: String

    public var description: String {
        let friendly = TypeSelection.friendlyNames.map(\.key).joined(separator: ", ")
        return
            "unknown type '\(name)': use an identifier (HKQuantityTypeIdentifierBodyMass), a short name (BodyMass) or one of: \(friendly)"
    }
}
