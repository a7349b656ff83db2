/// A numeric sample: a `Record` of a quantity type.
public struct QuantitySample: Sendable, Equatable {
    /// Type, source, device and dates.
    public var header: SampleHeader
    /// The value as a number, `nil` when the export wrote none or something unparsable (see ``valueText``).
    public var value: Double?
    /// The unit as written (`count/min`, `kg`, `ms`).
    public var unit: String?
    /// The written value when it is not a number.
    public var valueText: String?
    /// The sample's `MetadataEntry` children, and unknown attributes of old exports, in written order.
    public var metadata: [MetadataEntry]
    /// Beat-to-beat heart rates of an HRV sample, resolved to instants.
    public var beats: [Heartbeat]

    /// Creates a quantity sample.
    public init(
        header: SampleHeader, value: Double?, unit: String?, valueText: String? = nil,
        metadata: [MetadataEntry] = [], beats: [Heartbeat] = []
    ) {
        self.header = header
        self.value = value
        self.unit = unit
        self.valueText = valueText
        self.metadata = metadata
        self.beats = beats
    }
}

/// One `InstantaneousBeatsPerMinute` of an HRV sample.
public struct Heartbeat: Sendable, Equatable {
    /// Beats per minute.
    public var bpm: Double
    /// The instant of the beat in milliseconds since 1970 UTC: the written time of day put on the
    /// sample's day and, when the recording's zone differed from the sample's offset, moved into
    /// the sample's interval (see `BeatTimes`); `nil` when the time could not be read.
    public var millisecondsSince1970: Int64?
    /// The offset the parent sample was written in, for display.
    public var offsetMinutes: Int32
    /// The time of day as written (`6:14:48.94 PM`, `08:33:44,67`).
    public var writtenTime: String

    /// Creates a beat.
    public init(bpm: Double, millisecondsSince1970: Int64?, offsetMinutes: Int32, writtenTime: String) {
        self.bpm = bpm
        self.millisecondsSince1970 = millisecondsSince1970
        self.offsetMinutes = offsetMinutes
        self.writtenTime = writtenTime
    }
}

/// A body-mass sample (`HKQuantityTypeIdentifierBodyMass`) with its value in kilograms whatever the export's unit.
public struct WeightSample: Sendable, Equatable {
    /// Type, source, device and dates.
    public var header: SampleHeader
    /// The weight in kilograms.
    public var kilograms: Double
    /// The value as written.
    public var value: Double
    /// The unit as written (`kg`, `lb`, `st`, `g`).
    public var unit: String
    /// The sample's metadata.
    public var metadata: [MetadataEntry]

    /// Creates a weight sample.
    public init(header: SampleHeader, kilograms: Double, value: Double, unit: String, metadata: [MetadataEntry] = []) {
        self.header = header
        self.kilograms = kilograms
        self.value = value
        self.unit = unit
        self.metadata = metadata
    }
}

/// A category sample: a `Record` whose value names a state (`HKCategoryValueSleepAnalysisAsleepREM`).
public struct CategorySample: Sendable, Equatable {
    /// Type, source, device and dates.
    public var header: SampleHeader
    /// The value's name; old exports' numeric values are mapped to names where the type is known.
    public var value: String?
    /// The value as written, when it was a number (iOS 8 to 12 exports).
    public var rawValue: Int?
    /// The sample's metadata.
    public var metadata: [MetadataEntry]

    /// Creates a category sample.
    public init(header: SampleHeader, value: String?, rawValue: Int? = nil, metadata: [MetadataEntry] = []) {
        self.header = header
        self.value = value
        self.rawValue = rawValue
        self.metadata = metadata
    }
}

/// A member of a correlation: the sample kinds a `Correlation` groups.
public enum CorrelationMember: Sendable, Equatable {
    case quantity(QuantitySample)
    case weight(WeightSample)
    case category(CategorySample)

    /// The member that `record` is, if it is a sample a correlation can hold.
    public init?(_ record: HealthRecord) {
        switch record {
        case .quantity(let sample): self = .quantity(sample)
        case .weight(let sample): self = .weight(sample)
        case .category(let sample): self = .category(sample)
        default: return nil
        }
    }

    /// The member as a record of its own.
    public var record: HealthRecord {
        switch self {
        case .quantity(let sample): .quantity(sample)
        case .weight(let sample): .weight(sample)
        case .category(let sample): .category(sample)
        }
    }
}

/// A `Correlation`: blood pressure (systolic + diastolic) or food (nutrients).
public struct Correlation: Sendable, Equatable {
    /// Type (`HKCorrelationTypeIdentifierBloodPressure`), source and dates.
    public var header: SampleHeader
    /// The correlation's own metadata.
    public var metadata: [MetadataEntry]
    /// The nested records, in written order.
    public var members: [CorrelationMember]

    /// Creates a correlation.
    public init(header: SampleHeader, metadata: [MetadataEntry] = [], members: [CorrelationMember] = []) {
        self.header = header
        self.metadata = metadata
        self.members = members
    }

    /// Whether records of `type` can be members of a correlation (blood pressure, food), so
    /// that a reader counts each such measurement once, inside a correlation or at top level.
    public static func isMemberType(_ type: String) -> Bool {
        type.hasPrefix("HKQuantityTypeIdentifierBloodPressure") || type.hasPrefix("HKQuantityTypeIdentifierDietary")
    }
}
