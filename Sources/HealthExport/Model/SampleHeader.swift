/// The attributes every sample element shares (`Record`, `Correlation`, `Workout`, `Audiogram`).
public struct SampleHeader: Sendable, Equatable {
    /// The HealthKit type identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String
    /// The app or device that wrote the sample (`sourceName`, or `source` in iOS 8 exports).
    public var sourceName: String
    /// The source's version, when written.
    public var sourceVersion: String?
    /// The device that measured the sample, parsed from its `HKDevice` description.
    public var device: Device?
    /// When the sample was saved to HealthKit.
    public var creationDate: ExportTimestamp?
    /// When the measurement starts.
    public var startDate: ExportTimestamp
    /// When the measurement ends.
    public var endDate: ExportTimestamp

    /// Creates a header.
    public init(
        type: String, sourceName: String, sourceVersion: String? = nil, device: Device? = nil,
        creationDate: ExportTimestamp? = nil, startDate: ExportTimestamp, endDate: ExportTimestamp
    ) {
        self.type = type
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.device = device
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
    }
}

/// One `MetadataEntry` (`key`, `value`); values are free text as the export wrote them.
public struct MetadataEntry: Sendable, Equatable {
    /// The metadata key, e.g. `HKTimeZone`, `HKMetadataKeySyncIdentifier`.
    public var key: String
    /// The value as written (`Europe/Paris`, `418 cm`, `1`).
    public var value: String

    /// Creates an entry.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A device parsed from the export's `HKDevice` description, without its volatile memory address.
public struct Device: Sendable, Equatable, Hashable {
    /// The device's name (`Apple Watch`).
    public var name: String?
    /// The maker (`Apple Inc.`).
    public var manufacturer: String?
    /// The model (`Watch`).
    public var model: String?
    /// The hardware version (`Watch6,1`).
    public var hardware: String?
    /// The software version (`10.1`).
    public var software: String?
    /// Further fields the description held (`firmware`, `localIdentifier`, ...), in written order.
    public var other: [MetadataEntry]

    /// Creates a device description.
    public init(
        name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardware: String? = nil,
        software: String? = nil, other: [MetadataEntry] = []
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardware = hardware
        self.software = software
        self.other = other
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(hardware)
        hasher.combine(software)
    }
}
