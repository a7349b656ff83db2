/// Converts HealthKit unit strings to this project's base units.
///
/// Base units per dimension: mass `kg`, length `m`, energy `kcal`, time `s`, volume `L`,
/// temperature `degC`, pressure `mmHg`. Units outside this table are kept as written.
public enum UnitConversion {
    /// The weight rule: a body-mass sample is read as a weight, in kilograms, when its value
    /// converts to kilograms; otherwise it stays a plain quantity sample. The full read and the
    /// overview both decide by it.
    static func isWeight(value: Double?, unit: String?) -> Bool {
        guard let value else { return false }
        return kilograms(value, unit: unit) != nil
    }

    /// Kilograms for a mass written as `value` `unit` (`kg`, `lb`, `st`, `g`, `oz`, ...), or `nil` for a non-mass unit.
    public static func kilograms(_ value: Double, unit: String?) -> Double? {
        guard let unit else { return value }
        guard let (factor, base) = linear[unit], base == "kg" else { return nil }
        return value * factor
    }

    /// The value in its dimension's base unit, with that unit's name; unknown units come back unchanged.
    public static func toBase(_ value: Double, unit: String?) -> (value: Double, unit: String) {
        guard let unit else { return (value, "") }
        if let (factor, base) = linear[unit] { return (value * factor, base) }
        switch unit {
        case "degF": return ((value - 32) * 5 / 9, "degC")
        case "K": return (value - 273.15, "degC")
        default: return (value, unit)
        }
    }

    /// The factor that takes a value in `unit` to its base unit (1 for no unit and for units kept
    /// as written), or `nil` when the conversion is not a factor (`degF`, `K`): `value * factor`
    /// is then exactly ``toBase(_:unit:)``'s value.
    public static func factor(toBase unit: String?) -> Double? {
        guard let unit else { return 1 }
        if let (factor, _) = linear[unit] { return factor }
        switch unit {
        case "degF", "K": return nil
        default: return 1
        }
    }

    /// Factor to the base unit, and the base unit's name.
    static let linear: [String: (Double, String)] = [
        "kg": (1, "kg"), "g": (0.001, "kg"), "mg": (1e-6, "kg"), "mcg": (1e-9, "kg"), "µg": (1e-9, "kg"),
        "lb": (0.453_592_37, "kg"), "oz": (0.028_349_523_125, "kg"), "st": (6.350_293_18, "kg"),
        "m": (1, "m"), "cm": (0.01, "m"), "mm": (0.001, "m"), "km": (1000, "m"), "ft": (0.3048, "m"),
        "in": (0.0254, "m"), "yd": (0.9144, "m"), "mi": (1609.344, "m"),
        "kcal": (1, "kcal"), "Cal": (1, "kcal"), "cal": (0.001, "kcal"), "kJ": (1 / 4.184, "kcal"),
        "J": (1 / 4184, "kcal"),
        "s": (1, "s"), "ms": (0.001, "s"), "min": (60, "s"), "hr": (3600, "s"), "d": (86_400, "s"),
        "L": (1, "L"), "mL": (0.001, "L"), "dL": (0.1, "L"), "fl_oz_us": (0.029_573_529_562_5, "L"),
        "fl_oz_imp": (0.028_413_062_5, "L"), "cup_us": (0.236_588_236_5, "L"), "cup_imp": (0.284_130_625, "L"),
        "pt_us": (0.473_176_473, "L"), "pt_imp": (0.568_261_25, "L"),
        "mmHg": (1, "mmHg"), "cmAq": (0.735_559, "mmHg"), "inHg": (25.4, "mmHg"), "kPa": (7.500_617, "mmHg"),
    ]
}
