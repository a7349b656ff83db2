/// The attributes every sample element shares (`Record`, `Correlation`, `Workout`, `Audiogram`).
///
/// A value type whose fields live in one shared, immutable box: a record passes from the
/// parser through identity to the writers by copy several times, and copying nine strings at
/// each step (a retain and a release apiece) cost more than building the box once.
public struct SampleHeader: Sendable, Equatable {
    /// The fields, held by a shared ``FieldsBox``.
    private struct Fields: Sendable {
        var type: String
        var sourceName: String
        var sourceVersion: String?
        var device: Device?
        var creationDate: ExportTimestamp?
        var startDate: ExportTimestamp
        var endDate: ExportTimestamp
    }

    // Getters read their one field from the box: a copy of the whole fields retained and
    // released every string of them, on the writers' hot path.
    private var box: FieldsBox<Fields>

    /// Replaces the box with one whose fields `change` changed (setters are rare: the parser
    /// builds a header whole).
    private mutating func change(_ change: (inout Fields) -> Void) {
        box = box.changed(change)
    }

    /// The HealthKit type identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String {
        get { box.fields.type }
        set { change { $0.type = newValue } }
    }
    /// The app or device that wrote the sample (`sourceName`, or `source` in iOS 8 exports).
    public var sourceName: String {
        get { box.fields.sourceName }
        set { change { $0.sourceName = newValue } }
    }
    /// The source's version, when written.
    public var sourceVersion: String? {
        get { box.fields.sourceVersion }
        set { change { $0.sourceVersion = newValue } }
    }
    /// The device that measured the sample, parsed from its `HKDevice` description.
    public var device: Device? {
        get { box.fields.device }
        set { change { $0.device = newValue } }
    }
    /// When the sample was saved to HealthKit.
    public var creationDate: ExportTimestamp? {
        get { box.fields.creationDate }
        set { change { $0.creationDate = newValue } }
    }
    /// When the measurement starts.
    public var startDate: ExportTimestamp {
        get { box.fields.startDate }
        set { change { $0.startDate = newValue } }
    }
    /// When the measurement ends.
    public var endDate: ExportTimestamp {
        get { box.fields.endDate }
        set { change { $0.endDate = newValue } }
    }

    /// Creates a header.
    public init(
        type: String, sourceName: String, sourceVersion: String? = nil, device: Device? = nil,
        creationDate: ExportTimestamp? = nil, startDate: ExportTimestamp, endDate: ExportTimestamp
    ) {
        box = FieldsBox(
            Fields(
                type: type, sourceName: sourceName, sourceVersion: sourceVersion, device: device,
                creationDate: creationDate, startDate: startDate, endDate: endDate))
    }

    public static func == (left: SampleHeader, right: SampleHeader) -> Bool {
        if left.box === right.box { return true }
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
/// A value type whose fields live in one shared, immutable box: the parser hands the same
/// device to every record that names it, so copying a record retains one box, not six fields,
/// and comparing a record's device with the previous one is mostly a pointer comparison.
public struct Device: Sendable, Equatable, Hashable {
    /// The fields, held by a shared ``FieldsBox``.
    private struct Fields: Sendable {
        var name: String?
        var manufacturer: String?
        var model: String?
        var hardware: String?
        var software: String?
        var other: [MetadataEntry]
    }

    private var box: FieldsBox<Fields>

    /// Replaces the box with one whose fields `change` changed (setters are rare: a description
    /// is parsed once, whatever the number of records that name it).
    private mutating func change(_ change: (inout Fields) -> Void) {
        box = box.changed(change)
    }

    /// The device's name (`Apple Watch`).
    public var name: String? {
        get { box.fields.name }
        set { change { $0.name = newValue } }
    }
    /// The maker (`Apple Inc.`).
    public var manufacturer: String? {
        get { box.fields.manufacturer }
        set { change { $0.manufacturer = newValue } }
    }
    /// The model (`Watch`).
    public var model: String? {
        get { box.fields.model }
        set { change { $0.model = newValue } }
    }
    /// The hardware version (`Watch6,1`).
    public var hardware: String? {
        get { box.fields.hardware }
        set { change { $0.hardware = newValue } }
    }
    /// The software version (`10.1`).
    public var software: String? {
        get { box.fields.software }
        set { change { $0.software = newValue } }
    }
    /// Further fields the description held (`firmware`, `localIdentifier`, ...), in written order.
    public var other: [MetadataEntry] {
        get { box.fields.other }
        set { change { $0.other = newValue } }
    }

    /// Creates a device description.
    public init(
        name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardware: String? = nil,
        software: String? = nil, other: [MetadataEntry] = []
    ) {
        box = FieldsBox(
            Fields(
                name: name, manufacturer: manufacturer, model: model, hardware: hardware, software: software,
                other: other))
    }

    /// Whether both hold one box of fields: a parse hands the same box to every record whose
    /// description differs at most in its address.
    func sharesFields(with other: Device) -> Bool { box === other.box }

    public static func == (left: Device, right: Device) -> Bool {
        if left.box === right.box { return true }
        return left.name == right.name && left.manufacturer == right.manufacturer && left.model == right.model
            && left.hardware == right.hardware && left.software == right.software && left.other == right.other
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(hardware)
        hasher.combine(software)
    }
}

/// The fields of a value type, in one shared box that never changes: copying the value retains
/// one reference, and a change puts a new box in the value.
final class FieldsBox<Fields: Sendable>: Sendable {
    let fields: Fields

    init(_ fields: Fields) {
        self.fields = fields
    }

    /// A new box of these fields as `change` changes them.
    func changed(_ change: (inout Fields) -> Void) -> FieldsBox {
        var fields = self.fields
        change(&fields)
        return FieldsBox(fields)
    }
}
