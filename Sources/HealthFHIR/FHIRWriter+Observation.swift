import HealthCore
import HealthExport
import HealthJSON

extension FHIRWriter {
    /// The `Observation` of a sample: its content, dates and device.
    mutating func observation(
        _ id: RecordID, header: SampleHeader, content: ObservationContent, to out: inout JSONBuffer
    ) {
        beginObservation(id, category: content.code?.category, to: &out)
        code(content.code, type: content.type, to: &out)
        subject(to: &out)
        effective(start: header.startDate, end: header.endDate, to: &out)
        out.field("issued", header.creationDate)
        device(Self.deviceDisplay(header), to: &out)
        value(content.value, to: &out)
        out.endObject()
        out.newline()
    }

    /// The `Observation` of a correlation: each member a `component` (blood pressure: the LOINC
    /// panel with its systolic and diastolic components).
    mutating func correlationObservation(_ id: RecordID, _ correlation: Correlation, to out: inout JSONBuffer) {
        let header = correlation.header
        let code = ObservationCodes.byType[header.type]
        beginObservation(id, category: code?.category, to: &out)
        self.code(code, type: header.type, to: &out)
        subject(to: &out)
        effective(start: header.startDate, end: header.endDate, to: &out)
        out.field("issued", header.creationDate)
        device(Self.deviceDisplay(header), to: &out)
        if correlation.members.isEmpty { value(.absent, to: &out) }
        if !correlation.members.isEmpty {
            out.key("component")
            out.beginArray()
            // By type: a store keeps no member order, and the same correlation reads the same from either.
            let contents = correlation.members.map { member in
                switch member {
                case .quantity(let sample): ObservationContent(sample)
                case .weight(let sample):
                    ObservationContent(sample)
                case .category(let sample): ObservationContent(sample)
                }
            }
            for content in contents.sorted(by: { $0.type < $1.type }) {
                out.beginObject()
                self.code(content.code, type: content.type, to: &out)
                value(content.value, to: &out)
                out.endObject()
            }
            out.endArray()
        }
        out.endObject()
        out.newline()
    }

    /// `{"resourceType": "Observation", "id": ..., "identifier": ..., "status": "final", "category": ...`
    func beginObservation(_ id: RecordID, category: ObservationCategory?, to out: inout JSONBuffer) {
        let id = resourceID(id)
        out.beginObject()
        out.field("resourceType", "Observation")
        out.field("id", id)
        identifier(id, to: &out)
        out.field("status", "final")
        guard let category else { return }
        out.key("category")
        out.beginArray()
        out.beginObject()
        out.key("coding")
        out.beginArray()
        out.beginObject()
        out.field("system", ObservationCategory.system)
        out.field("code", category.code)
        out.field("display", category.display)
        out.endObject()
        out.endArray()
        out.endObject()
        out.endArray()
    }

    /// `"code"`: the LOINC coding when there is one, then the HealthKit identifier's.
    func code(_ code: ObservationCode?, type: String, to out: inout JSONBuffer) {
        out.key("code")
        out.beginObject()
        out.key("coding")
        out.beginArray()
        if let code {
            out.beginObject()
            out.field("system", ObservationCode.loincSystem)
            out.field("code", code.code)
            out.field("display", code.display)
            out.endObject()
        }
        if !type.isEmpty {
            out.beginObject()
            out.field("system", ObservationCode.healthKitSystem)
            out.field("code", type)
            out.endObject()
        }
        out.endArray()
        out.field("text", code?.display ?? (type.isEmpty ? "unknown" : type))
        out.endObject()
    }

    /// `effectiveDateTime` for an instant, `effectivePeriod` for an interval.
    func effective(start: ExportTimestamp, end: ExportTimestamp, to out: inout JSONBuffer) {
        if end == start {
            out.field("effectiveDateTime", start)
            return
        }
        out.key("effectivePeriod")
        out.beginObject()
        out.field("start", start)
        if end > start { out.field("end", end) }
        out.endObject()
    }

    /// `"device": {"display": ...}`.
    func device(_ display: String?, to out: inout JSONBuffer) {
        guard let display, !display.isEmpty else { return }
        out.key("device")
        out.beginObject()
        out.field("display", display)
        out.endObject()
    }

    /// The device's name (or model), else the source's name.
    static func deviceDisplay(_ header: SampleHeader) -> String? {
        if let device = header.device, let name = device.name ?? device.model ?? device.manufacturer {
            return name
        }
        return header.sourceName
    }

    /// `value[x]`, or `dataAbsentReason` when there is none.
    func value(_ value: ObservationValue, to out: inout JSONBuffer) {
        switch value {
        case .quantity(let quantity):
            out.key("valueQuantity")
            self.quantity(quantity, to: &out)
        case .concept(let name):
            out.key("valueCodeableConcept")
            out.beginObject()
            out.key("coding")
            out.beginArray()
            out.beginObject()
            out.field("system", ObservationCode.healthKitSystem)
            out.field("code", name)
            out.endObject()
            out.endArray()
            out.field("text", name)
            out.endObject()
        case .text(let text):
            out.field("valueString", text)
        case .absent:
            out.key("dataAbsentReason")
            out.beginObject()
            out.key("coding")
            out.beginArray()
            out.beginObject()
            out.field("system", "http://terminology.hl7.org/CodeSystem/data-absent-reason")
            out.field("code", "unknown")
            out.field("display", "Unknown")
            out.endObject()
            out.endArray()
            out.endObject()
        }
    }

    /// `{"value": ..., "unit": ..., "system": "http://unitsofmeasure.org", "code": ...}`.
    func quantity(_ quantity: FHIRQuantity, to out: inout JSONBuffer) {
        out.beginObject()
        out.key("value")
        out.number(quantity.value)
        if !quantity.unit.display.isEmpty { out.field("unit", quantity.unit.display) }
        if let code = quantity.unit.code {
            out.field("system", UCUMUnit.system)
            out.field("code", code)
        }
        out.endObject()
    }
}
