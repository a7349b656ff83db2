import HealthCore
import HealthExport
import HealthJSON

/// Writes an export's records as FHIR R4 resources, one JSON object a line (Bulk Data NDJSON).
///
/// One `Patient` from the export's profile comes first (``writePatient(_:to:)``); every
/// resource after it names that patient as its `subject`. Each record becomes at most one
/// resource, in the order the records come, so the output is as deterministic as the read:
///
/// | record | resource |
/// |---|---|
/// | quantity, weight | `Observation` with `valueQuantity`: a LOINC code and its UCUM unit when ``ObservationCodes`` has one, else the HealthKit identifier and unit |
/// | category | `Observation` with `valueCodeableConcept`, HealthKit codes |
/// | correlation | `Observation` whose members are `component`s (blood pressure: the LOINC panel) |
/// | electrocardiogram | `Observation` with `valueSampledData` |
/// | clinical | not written here: the export's own FHIR file goes out as it is (``ClinicalResource``) |
/// | others | left out, counted in ``leftOut`` |
///
/// A resource's `id` is the record's UUID in lower case, its `identifier` that UUID as a URN.
public struct FHIRWriter {
    /// The system of identifiers that are URIs, as a record's `urn:uuid:` is.
    static let identifierSystem = "urn:ietf:rfc:3986"

    /// The patient every resource refers to (`Patient/<id>`).
    public let patientID: String
    private let patientReference: String
    /// The records of kinds written as nothing, per kind.
    public private(set) var leftOut: [RecordKind: Int] = [:]
    /// The resources written, the patient included.
    public private(set) var resourceCount = 0

    /// What resource IDs are derived with besides the record's UUID: the person's name, so that
    /// the same record of two people is two resources; `nil` for the record's UUID itself.
    private let resourceNamespace: String?

    /// A writer whose patient has `patientID` (by default the ID of the export's profile).
    public init(patientID: RecordID = RecordIdentity.profileID) {
        self.patientID = Self.lowercased(patientID)
        patientReference = "Patient/" + self.patientID
        resourceNamespace = nil
    }

    /// A writer of `person`'s records: the Patient's ID, and every resource's, are version-5
    /// UUIDs of the name (and of the record's UUID), so that several people's files sent to one
    /// server stay apart.
    public init(person: String) {
        self.init(patientID: RecordID(name: "patient:" + person), namespace: "patient:" + person + ":")
    }

    private init(patientID: RecordID, namespace: String) {
        self.patientID = Self.lowercased(patientID)
        patientReference = "Patient/" + self.patientID
        resourceNamespace = namespace
    }

    /// The `id` of the resource of the record `id`.
    func resourceID(_ id: RecordID) -> String {
        guard let resourceNamespace else { return Self.lowercased(id) }
        return Self.lowercased(RecordID(name: resourceNamespace + id.description))
    }

    /// Writes the `Patient`: gender and birth date from `facts`' profile, when it has them.
    public mutating func writePatient(_ facts: ExportFacts?, to out: inout JSONBuffer) {
        out.beginObject()
        out.field("resourceType", "Patient")
        out.field("id", patientID)
        identifier(patientID, to: &out)
        let profile = facts?.profile ?? []
        if let sex = profile.first(where: { $0.key == "BiologicalSex" })?.value, let gender = Self.gender(sex) {
            out.field("gender", gender)
        }
        if let written = profile.first(where: { $0.key == "DateOfBirth" })?.value,
            let day = TimestampParser.parseDay(written)
        {
            out.field("birthDate", day.iso8601)
        }
        out.endObject()
        out.newline()
        resourceCount += 1
    }

    /// FHIR's administrative gender for HealthKit's biological sex.
    static func gender(_ biologicalSex: String) -> String? {
        switch biologicalSex {
        case "HKBiologicalSexFemale": "female"
        case "HKBiologicalSexMale": "male"
        case "HKBiologicalSexOther": "other"
        case "HKBiologicalSexNotSet": "unknown"
        default: nil
        }
    }

    /// Writes the resource for `item`; returns whether one was written (clinical records and the
    /// export's facts never are: see ``ClinicalResource`` and ``writePatient(_:to:)``).
    @discardableResult
    public mutating func write(_ item: IdentifiedRecord, to out: inout JSONBuffer) -> Bool {
        switch item.record {
        case .quantity(let sample):
            observation(item.id, header: sample.header, content: ObservationContent(sample), to: &out)
        case .weight(let sample):
            let content = ObservationContent(sample)
            observation(item.id, header: sample.header, content: content, to: &out)
        case .category(let sample):
            observation(item.id, header: sample.header, content: ObservationContent(sample), to: &out)
        case .correlation(let correlation):
            correlationObservation(item.id, correlation, to: &out)
        case .electrocardiogram(let ecg):
            electrocardiogram(item.id, ecg, to: &out)
        case .export, .clinical:
            return false
        default:
            leftOut[item.record.kind, default: 0] += 1
            return false
        }
        resourceCount += 1
        return true
    }

    /// The canonical UUID in lower case, as RFC 4122 writes it.
    static func lowercased(_ id: RecordID) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        id.append(to: &bytes)
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "F") {
            bytes[index] += 32
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `"identifier": [{"system": "urn:ietf:rfc:3986", "value": "urn:uuid:<id>"}]`.
    func identifier(_ id: String, to out: inout JSONBuffer) {
        out.key("identifier")
        out.beginArray()
        out.beginObject()
        out.field("system", Self.identifierSystem)
        out.field("value", "urn:uuid:" + id)
        out.endObject()
        out.endArray()
    }

    /// `"subject": {"reference": "Patient/<id>"}`.
    func subject(to out: inout JSONBuffer) {
        out.key("subject")
        out.beginObject()
        out.field("reference", patientReference)
        out.endObject()
    }
}
