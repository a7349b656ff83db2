/// The attributes every sample element shares (`Record`, `Correlation`, `Workout`, `Audiogram`).
///
/// A value type whose fields live in one shared, copy-on-write box: a record passes from the
/// parser through identity to the writers by copy several times, and copying nine strings at
/// each step (a retain and a release apiece) cost more than building the box once.
public struct SampleHeader: Sendable, Equatable {
    private final class Fields: @unchecked Sendable {
        // Never mutated once shared: every setter below copies a shared box first.
        var type: String
        var sourceName: String
        var sourceVersion: String?
        var device: Device?
        var creationDate: ExportTimestamp?
        var startDate: ExportTimestamp
        var endDate: ExportTimestamp

        init(
            type: String, sourceName: String, sourceVersion: String?, device: Device?,
            creationDate: ExportTimestamp?, startDate: ExportTimestamp, endDate: ExportTimestamp
        ) {
            self.type = type
            self.sourceName = sourceName
            self.sourceVersion = sourceVersion
            self.device = device
            self.creationDate = creationDate
            self.startDate = startDate
            self.endDate = endDate
        }

        func copy() -> Fields {
            Fields(
                type: type, sourceName: sourceName, sourceVersion: sourceVersion, device: device,
                creationDate: creationDate, startDate: startDate, endDate: endDate)
        }
    }

    private var fields: Fields

    private var uniqueFields: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }
    }

    /// The HealthKit type identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String {
        get { fields.type }
        set { uniqueFields.type = newValue }
    }
    /// The app or device that wrote the sample (`sourceName`, or `source` in iOS 8 exports).
    public var sourceName: String {
        get { fields.sourceName }
        set { uniqueFields.sourceName = newValue }
    }
    /// The source's version, when written.
    public var sourceVersion: String? {
        get { fields.sourceVersion }
        set { uniqueFields.sourceVersion = newValue }
    }
    /// The device that measured the sample, parsed from its `HKDevice` description.
    public var device: Device? {
        get { fields.device }
        set { uniqueFields.device = newValue }
    }
    /// When the sample was saved to HealthKit.
    public var creationDate: ExportTimestamp? {
        get { fields.creationDate }
        set { uniqueFields.creationDate = newValue }
    }
    /// When the measurement starts.
    public var startDate: ExportTimestamp {
        get { fields.startDate }
        set { uniqueFields.startDate = newValue }
    }
    /// When the measurement ends.
    public var endDate: ExportTimestamp {
        get { fields.endDate }
        set { uniqueFields.endDate = newValue }
    }

    /// Creates a header.
    public init(
        type: String, sourceName: String, sourceVersion: String? = nil, device: Device? = nil,
        creationDate: ExportTimestamp? = nil, startDate: ExportTimestamp, endDate: ExportTimestamp
    ) {
        fields = Fields(
            type: type, sourceName: sourceName, sourceVersion: sourceVersion, device: device,
            creationDate: creationDate, startDate: startDate, endDate: endDate)
    }

    public static func == (left: SampleHeader, right: SampleHeader) -> Bool {
        if left.fields === right.fields { return true }
        return left.type == right.type && left.sourceName == right.sourceName
            && left.sourceVersion == right.sourceVersion && left.device == right.device
            && left.creationDate == right.creationDate && left.startDate == right.startDate
            && left.endDate == right.endDate
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
///
/// A value type whose fields live in one shared, copy-on-write box: the parser hands the same
/// device to every record that names it, so copying a record retains one box, not six fields,
/// and comparing a record's device with the previous one is mostly a pointer comparison.
public struct Device: Sendable, Equatable, Hashable {
    private final class Fields: @unchecked Sendable {
        // Never mutated once shared: every setter below copies a shared box first.
        var name: String?
        var manufacturer: String?
        var model: String?
        var hardware: String?
        var software: String?
        var other: [MetadataEntry]

        init(
            name: String?, manufacturer: String?, model: String?, hardware: String?, software: String?,
            other: [MetadataEntry]
        ) {
            self.name = name
            self.manufacturer = manufacturer
            self.model = model
            self.hardware = hardware
            self.software = software
            self.other = other
        }

        func copy() -> Fields {
            Fields(
                name: name, manufacturer: manufacturer, model: model, hardware: hardware, software: software,
                other: other)
        }
    }

    private var fields: Fields

    private var uniqueFields: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }
    }

    /// The device's name (`Apple Watch`).
    public var name: String? {
        get { fields.name }
        set { uniqueFields.name = newValue }
    }
    /// The maker (`Apple Inc.`).
    public var manufacturer: String? {
        get { fields.manufacturer }
        set { uniqueFields.manufacturer = newValue }
    }
    /// The model (`Watch`).
    public var model: String? {
        get { fields.model }
        set { uniqueFields.model = newValue }
    }
    /// The hardware version (`Watch6,1`).
    public var hardware: String? {
        get { fields.hardware }
        set { uniqueFields.hardware = newValue }
    }
    /// The software version (`10.1`).
    public var software: String? {
        get { fields.software }
        set { uniqueFields.software = newValue }
    }
    /// Further fields the description held (`firmware`, `localIdentifier`, ...), in written order.
    public var other: [MetadataEntry] {
        get { fields.other }
        set { uniqueFields.other = newValue }
    }

    /// Creates a device description.
    public init(
        name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardware: String? = nil,
        software: String? = nil, other: [MetadataEntry] = []
    ) {
        fields = Fields(
            name: name, manufacturer: manufacturer, model: model, hardware: hardware, software: software,
            other: other)
    }

    /// Whether both hold one box of fields: a parse hands the same box to every record whose
    /// description differs at most in its address.
    func sharesFields(with other: Device) -> Bool { fields === other.fields }

    public static func == (left: Device, right: Device) -> Bool {
        if left.fields === right.fields { return true }
        return left.name == right.name && left.manufacturer == right.manufacturer && left.model == right.model
            && left.hardware == right.hardware && left.software == right.software && left.other == right.other
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(hardware)
        hasher.combine(software)
    }
}
