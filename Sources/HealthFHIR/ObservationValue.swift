import HealthExport

/// The `value[x]` of an `Observation` or of one of its components.
public enum ObservationValue: Sendable, Equatable {
    /// `valueQuantity`.
    case quantity(FHIRQuantity)
    /// `valueCodeableConcept` with a HealthKit code (a category value's name).
    case concept(String)
    /// `valueString`: a value the export wrote that is not a number.
    case text(String)
    /// No value: `dataAbsentReason` says it is unknown.
    case absent
}

/// A record's code and value, decided together: a value whose unit does not convert to the one
/// the LOINC code wants keeps the HealthKit code and the written unit.
public struct ObservationContent: Sendable, Equatable {
    /// The HealthKit type identifier, always written as a second coding.
    public var type: String
    /// The LOINC code, when the type has one that fits the value.
    public var code: ObservationCode?
    /// The value.
    public var value: ObservationValue

    /// The content of a quantity sample.
    ///
    /// iOS 8 exports wrote aggregated samples without a value, with `min`, `max` and `average`
    /// attributes (kept as metadata): the average is the value then.
    public init(_ sample: QuantitySample) {
        var value = sample.value
        if value == nil, sample.valueText == nil,
            let average = sample.metadata.first(where: { $0.key == "average" }).flatMap({ Double($0.value) })
        {
            value = average
        }
        self.init(type: sample.header.type, value: value, unit: sample.unit, valueText: sample.valueText)
    }

    /// The content of a weight: in kg, converted from the value as written, so that the
    /// conversion's binary noise is rounded away (10 st is 63.5029318 kg).
    public init(_ sample: WeightSample) {
        let converted = ObservationCodes.byType[sample.header.type]?.rule?.convert(sample.value, unit: sample.unit)
        self.init(type: sample.header.type, value: converted?.value ?? sample.kilograms, unit: "kg")
    }

    /// The content of a category sample: its value's name as a HealthKit code.
    public init(_ sample: CategorySample) {
        type = sample.header.type
        code = ObservationCodes.byType[type]
        if let name = sample.value, !name.isEmpty {
            value = .concept(name)
        } else if let raw = sample.rawValue {
            value = .text(String(raw))
        } else {
            value = .absent
        }
    }

    /// The content of a numeric sample of `type` written as `value` `unit`.
    public init(type: String, value: Double?, unit: String?, valueText: String? = nil) {
        self.type = type
        let known = ObservationCodes.byType[type]
        if let value {
            if let known, let rule = known.rule, let quantity = rule.convert(value, unit: unit) {
                code = known
                self.value = .quantity(quantity)
            } else {
                code = nil
                self.value = .quantity(Self.healthKitQuantity(value, unit: unit))
            }
        } else if let valueText {
            // Text is no value of the LOINC code's unit (a vital sign's must be a quantity).
            code = nil
            self.value = .text(valueText)
        } else {
            code = known
            self.value = .absent
        }
    }

    /// A value in its HealthKit unit; `%` values, which HealthKit keeps as fractions, as percentages.
    static func healthKitQuantity(_ value: Double, unit: String?) -> FHIRQuantity {
        guard let unit, !unit.isEmpty else { return FHIRQuantity(value: value, unit: UCUMUnit(display: "", code: nil)) }
        if unit == "%", let percent = UnitRule.percent.convert(value, unit: unit) { return percent }
        return FHIRQuantity(value: value, unit: .healthKit(unit))
    }
}
