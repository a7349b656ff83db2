import HealthCore
import HealthExport
import HealthJSON

extension FHIRWriter {
    /// The `Observation` of an ECG recording: its voltages as `valueSampledData` (origin 0, the
    /// period in milliseconds, factor 1, one dimension), its classification and symptoms as notes.
    mutating func electrocardiogram(_ id: RecordID, _ ecg: Electrocardiogram, to out: inout JSONBuffer) {
        let code = ObservationCodes.electrocardiogram
        beginObservation(id, category: code.category, to: &out)
        self.code(code, type: Electrocardiogram.typeIdentifier, to: &out)
        subject(to: &out)
        effective(start: ecg.recordedDate, end: ecg.endDate, to: &out)
        device(ecg.device, to: &out)
        if let rate = ecg.sampleRateHertz, rate > 0, !ecg.samples.isEmpty {
            out.key("valueSampledData")
            out.beginObject()
            out.key("origin")
            quantity(FHIRQuantity(value: 0, unit: Self.voltageUnit(ecg.unit)), to: &out)
            out.key("period")
            out.number(UnitRule.tidy(1000 / rate))
            out.key("factor")
            out.number(1)
            out.key("dimensions")
            out.integer(1)
            out.key("data")
            out.string(Self.sampledData(ecg.samples))
            out.endObject()
        } else {
            value(.absent, to: &out)
        }
        let notes = [ecg.classification, ecg.symptoms.map { "Symptoms: " + $0 }, ecg.lead].compactMap { $0 }
            .filter { !$0.isEmpty }
        if !notes.isEmpty {
            out.key("note")
            out.beginArray()
            for note in notes {
                out.beginObject()
                out.field("text", note)
                out.endObject()
            }
            out.endArray()
        }
        out.endObject()
        out.newline()
    }

    /// The unit of the samples as written (`µV`), in UCUM.
    static func voltageUnit(_ written: String?) -> UCUMUnit {
        switch written {
        case nil, "µV", "μV", "uV": .microvolts
        case "mV": UCUMUnit(display: "mV", code: "mV")
        case let other?: UCUMUnit(display: other, code: nil)
        }
    }

    /// The samples as SampledData writes them: decimals separated by single spaces.
    static func sampledData(_ samples: [Double]) -> String {
        var text = ""
        text.reserveCapacity(samples.count * 9)
        for (index, sample) in samples.enumerated() {
            if index > 0 { text += " " }
            if sample.isFinite, sample == sample.rounded(.towardZero), abs(sample) < 1e15 {
                text += String(Int64(sample))
            } else if sample.isFinite {
                text += sample.description
            } else {
                text += "E"
            }
        }
        return text
    }
}
