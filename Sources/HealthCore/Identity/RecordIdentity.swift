import HealthExport

/// Derives each record's ``RecordID`` from its content, since the export carries no identifiers.
///
/// The rule (documented in the repository's docs/identity.md): a version-5 UUID, in this project's namespace, of a
/// canonical name made of the fields that tell one measurement from another and survive a
/// re-export unchanged:
///
/// | kind | fields |
/// |---|---|
/// | quantity, weight | type, source name, start, end and creation as UTC seconds; the value only to tell apart two samples of one export that share all of these |
/// | category | type, source name, start, end, value name (old numeric values mapped to names) |
/// | correlation | type, source name, start, end, its members' IDs in sorted order |
/// | workout | activity type, source name, start, end |
/// | activity summary | the calendar day |
/// | route | workout activity type, workout start, route start |
/// | ECG | recorded instant |
/// | clinical, audiogram, vision prescription | their identifying attributes |
/// | export (the `Me` profile) | nothing: one profile per store, updated by a newer export (``profileID``) |
///
/// Left out on purpose: the UTC offset (a re-export from another time zone writes other
/// offsets for the same instants), the unit as written, `HKDevice` descriptions (their memory
/// address changes), creation dates, metadata, and workout totals (which moved from attributes
/// into `WorkoutStatistics` in iOS 16 exports).
///
/// A quantity's value is left out too: the export prints values rounded in the user's preferred
/// unit (`154.8` lb for 70.2 kg), so no rounding of the value could name the same sample alike
/// in a kg and an lb export. A second sample of the same type, source, start and end with
/// another value (two weighings in one minute) gets the value, in its dimension's base unit to
/// six significant digits, added to its name; byte-identical repeats keep one ID.
public struct RecordIdentity {
    private var name: [UInt8]
    /// Recent quantity names and the value first seen with each, to tell colliding samples apart.
    private var recentValues = RecentValues(limit: 4096)
    /// The unit last converted and its factor: samples come in runs of one type and unit, and
    /// looking the unit up took a hash of it per sample.
    private var lastUnit: (unit: String?, factor: Double?)?

    /// The ID of every export's facts and `Me` profile: the store keeps one, the newest export's.
    public static let profileID: RecordID = {
        var identity = RecordIdentity()
        return identity.plainID(of: .export(ExportFacts()))
    }()

    /// Creates an identity builder; reuse one across records to avoid allocations.
    public init() {
        name = RecordID.namespace
        name.reserveCapacity(256)
    }

    /// The ID of `record`: its plain ID, made distinct by `HKExternalUUID` or a sync identifier
    /// when it carries one (see ``DistinctIdentity``).
    public mutating func id(of record: HealthRecord) -> RecordID {
        let base = plainID(of: record)
        let metadata = record.ownMetadata
        return metadata.isEmpty ? base : DistinctIdentity.id(base: base, metadata: metadata)
    }

    /// The ID from the record's fields alone, without its metadata.
    public mutating func plainID(of record: HealthRecord) -> RecordID {
        begin()
        switch record {
        case .export:
            field("export")
        case .quantity(let sample):
            sampleFields(sample.header)
            field(sample.header.creationDate)
            if let value = sample.value { return distinguished(value: baseValue(value, unit: sample.unit)) }
            field(sample.valueText ?? "")
        case .weight(let sample):
            sampleFields(sample.header)
            field(sample.header.creationDate)
            return distinguished(value: sample.kilograms)
        case .category(let sample):
            sampleFields(sample.header)
            field(Self.canonicalCategoryValue(sample.value))
        case .correlation(let correlation):
            sampleFields(correlation.header)
            // Members' plain IDs, so a correlation keeps its name when a member's metadata decides its own.
            var identity = RecordIdentity()
            let members = correlation.members.map { identity.plainID(of: $0.record) }.sorted()
            for member in members { field(member.description) }
        case .workout(let workout):
            field("workout")
            field(workout.activityType)
            field(workout.header.sourceName)
            field(workout.header.startDate)
            field(workout.header.endDate)
        case .activitySummary(let summary):
            field("activitySummary")
            field(summary.day.iso8601)
        case .clinical(let clinical):
            field("clinical")
            field(clinical.type)
            field(clinical.identifier)
            field(clinical.sourceName)
        case .audiogram(let audiogram):
            sampleFields(audiogram.header)
        case .visionPrescription(let prescription):
            field("vision")
            field(prescription.type)
            field(prescription.dateIssued)
            field(prescription.brand ?? "")
        case .route(let route):
            field("route")
            field(route.workoutActivityType)
            field(route.workoutStart)
            field(route.startDate)
        case .electrocardiogram(let ecg):
            field("ecg")
            field(ecg.recordedDate)
        }
        return name.withUnsafeBytes { RecordID(namespacedName: $0) }
    }

    /// `value` in its dimension's base unit, as ``UnitConversion/toBase(_:unit:)`` gives it.
    private mutating func baseValue(_ value: Double, unit: String?) -> Double {
        let factor: Double?
        if let last = lastUnit, last.unit == unit {
            factor = last.factor
        } else {
            factor = UnitConversion.factor(toBase: unit)
            lastUnit = (unit, factor)
        }
        guard let factor else { return UnitConversion.toBase(value, unit: unit).value }
        return value * factor
    }

    /// The ID of the name built so far; when an earlier sample had that name with another value,
    /// the ID of the name with the value added.
    private mutating func distinguished(value: Double) -> RecordID {
        let id = name.withUnsafeBytes { RecordID(namespacedName: $0) }
        guard let first = recentValues.firstValue(for: id, remembering: value) else { return id }
        if abs(first - value) <= abs(first) * 1e-9 { return id }
        number(value)
        return name.withUnsafeBytes { RecordID(namespacedName: $0) }
    }

    /// The canonical name the ID of `record` is derived from, for documentation and tests.
    public mutating func canonicalName(of record: HealthRecord) -> String {
        _ = id(of: record)
        return String(decoding: name[RecordID.namespace.count...], as: UTF8.self)
    }

    /// Old exports wrote `...SleepAnalysisAsleep` where newer ones write `...AsleepUnspecified`.
    static func canonicalCategoryValue(_ value: String?) -> String {
        guard let value else { return "" }
        return value == "HKCategoryValueSleepAnalysisAsleep" ? "HKCategoryValueSleepAnalysisAsleepUnspecified" : value
    }

    private mutating func begin() {
        name.removeSubrange(RecordID.namespace.count...)
    }

    private mutating func sampleFields(_ header: SampleHeader) {
        field(header.type)
        field(header.sourceName)
        field(header.startDate)
        field(header.endDate)
    }

    private mutating func field(_ text: String) {
        name.append(contentsOf: text.utf8)
        name.append(0x1F)
    }

    private mutating func field(_ timestamp: ExportTimestamp?) {
        if let timestamp { appendInteger(timestamp.secondsSince1970) }
        name.append(0x1F)
    }

    /// Six significant digits as `mantissa e exponent`, so that a value converted between units
    /// and printed with finite precision names the same measurement.
    private mutating func number(_ value: Double) {
        guard value.isFinite, value != 0 else {
            name.append(UInt8(ascii: "0"))
            name.append(0x1F)
            return
        }
        var exponent = Int((abs(value)).log10Floor) - 5
        var mantissa = (value / pow10(exponent)).rounded()
        if abs(mantissa) >= 1_000_000 {
            exponent += 1
            mantissa = (value / pow10(exponent)).rounded()
        }
        var scaled = Int64(mantissa)
        while scaled != 0, scaled % 10 == 0 {
            scaled /= 10
            exponent += 1
        }
        appendInteger(scaled)
        name.append(UInt8(ascii: "e"))
        appendInteger(Int64(exponent))
        name.append(0x1F)
    }

    /// Appends `value` as `String(value)` writes it, in one append.
    private mutating func appendInteger(_ value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maximumCount) { buffer in
            let end = buffer.baseAddress! + DecimalDigits.maximumCount
            let start = DecimalDigits.write(value, endingAt: end)
            name.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }
}

private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    var base = 10.0
    var e = abs(exponent)
    while e > 0 {
        if e & 1 == 1 { result *= base }
        base *= base
        e >>= 1
    }
    return exponent < 0 ? 1 / result : result
}

extension Double {
    /// ⌊log10 |x|⌋ for positive finite values, exact at powers of ten (identity and content
    /// digests round to significant digits with it).
    var log10Floor: Int {
        var exponent = 0
        var x = self
        while x >= 10 {
            x /= 10
            exponent += 1
        }
        while x < 1 {
            x *= 10
            exponent -= 1
        }
        return exponent
    }
}
