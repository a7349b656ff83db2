import HealthExport

/// How a HealthKit value becomes the one UCUM unit its LOINC code wants.
///
/// Each rule takes the value and unit as the export wrote them and returns the value in the
/// code's unit, or `nil` when the written unit cannot be converted (the record then keeps its
/// HealthKit code and unit, see ``ObservationCodes``).
public enum UnitRule: Sendable, Equatable {
    /// Counts per minute (`count/min`, or `count/s` times 60) in `unit`.
    case perMinute(UCUMUnit)
    /// Milliseconds (`ms`, `s`).
    case milliseconds
    /// A fraction HealthKit writes with unit `%` (0.97) as a percentage (97).
    case percent
    /// Kilograms, from any mass unit.
    case kilograms
    /// Centimetres, from any length unit.
    case centimeters
    /// HealthKit writes a body-mass index as a plain `count`.
    case bodyMassIndex
    /// Degrees Celsius, from `degC`, `degF` or `K`.
    case celsius
    /// Millimetres of mercury, from any pressure unit.
    case millimetersOfMercury
    /// Blood glucose in mg/dL; mmol/L (which HealthKit writes `mmol<180.15588000005408>/L`, with
    /// glucose's molar mass) converted with that molar mass.
    case glucose
    /// A step count.
    case steps

    /// The unit this rule converts to.
    public var unit: UCUMUnit {
        switch self {
        case .perMinute(let unit): unit
        case .milliseconds: .milliseconds
        case .percent: .percent
        case .kilograms: .kilograms
        case .centimeters: .centimeters
        case .bodyMassIndex: .kilogramsPerSquareMeter
        case .celsius: .celsius
        case .millimetersOfMercury: .millimetersOfMercury
        case .glucose: .milligramsPerDeciliter
        case .steps: .steps
        }
    }

    /// Glucose's molar mass in g/mol, for a unit that does not name one.
    static let glucoseMolarMass = 180.155_88

    /// `value` written in `unit`, in this rule's unit; `nil` when `unit` does not convert.
    public func convert(_ value: Double, unit written: String?) -> FHIRQuantity? {
        let unit = written ?? ""
        let converted: Double?
        switch self {
        case .perMinute:
            converted = unit == "count/min" ? value : unit == "count/s" ? value * 60 : nil
        case .milliseconds:
            converted = unit == "ms" ? value : unit == "s" ? value * 1000 : nil
        case .percent:
            converted = unit == "%" ? value * 100 : nil
        case .kilograms:
            converted = written == nil ? nil : UnitConversion.kilograms(value, unit: written)
        case .centimeters:
            let base = UnitConversion.toBase(value, unit: written)
            converted = base.unit == "m" ? base.value * 100 : nil
        case .bodyMassIndex:
            converted = unit == "count" || unit == "kg/m^2" || unit == "kg/m2" ? value : nil
        case .celsius:
            let base = UnitConversion.toBase(value, unit: written)
            converted = base.unit == "degC" ? base.value : nil
        case .millimetersOfMercury:
            let base = UnitConversion.toBase(value, unit: written)
            converted = base.unit == "mmHg" ? base.value : nil
        case .glucose:
            converted = Self.milligramsPerDeciliter(value, unit: unit)
        case .steps:
            converted = unit == "count" ? value : nil
        }
        guard let converted else { return nil }
        // Only arithmetic leaves binary noise to round away.
        return FHIRQuantity(value: converted == value ? value : Self.tidy(converted), unit: self.unit)
    }

    /// Glucose in mg/dL from `mg/dL`, `mmol/L` or HealthKit's `mmol<molar mass>/L`.
    static func milligramsPerDeciliter(_ value: Double, unit: String) -> Double? {
        if unit == "mg/dL" { return value }
        guard unit.hasPrefix("mmol"), unit.hasSuffix("/L") else { return nil }
        var molarMass = glucoseMolarMass
        let middle = unit.dropFirst(4).dropLast(2)
        if !middle.isEmpty {
            guard middle.first == "<", middle.last == ">", let given = Double(middle.dropFirst().dropLast()),
                given > 0
            else { return nil }
            molarMass = given
        }
        // mmol/L × g/mol = mg/L; a decilitre is a tenth of a litre.
        return value * molarMass / 10
    }

    /// `value` rounded to 12 significant digits, so that a conversion's binary noise
    /// (0.29 × 100 = 28.999999999999996) does not reach the output.
    static func tidy(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let text = value.formatted(significantDigits: 12)
        return Double(text) ?? value
    }
}

extension Double {
    /// The value in scientific notation with `digits` significant digits (`2.90000000000e+01`).
    fileprivate func formatted(significantDigits digits: Int) -> String {
        var exponent = 0
        var mantissa = Swift.abs(self)
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        while mantissa < 1 {
            mantissa *= 10
            exponent -= 1
        }
        var scale = 1.0
        for _ in 1..<digits { scale *= 10 }
        let rounded = (mantissa * scale).rounded() / scale
        return "\(self < 0 ? "-" : "")\(rounded)e\(exponent)"
    }
}
