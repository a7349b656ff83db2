/// A unit as a FHIR `Quantity` names it: the text people read, and the UCUM code
/// (`http://unitsofmeasure.org`) machines compare, when one is known.
public struct UCUMUnit: Sendable, Equatable {
    /// The UCUM system's URI.
    public static let system = "http://unitsofmeasure.org"

    /// The unit as people read it (`beats/minute`, `kg`).
    public var display: String
    /// The UCUM code (`/min`, `kg`); `nil` for a unit UCUM has no code for.
    public var code: String?

    /// Creates a unit.
    public init(display: String, code: String?) {
        self.display = display
        self.code = code
    }

    static let perMinute = UCUMUnit(display: "/min", code: "/min")
    static let beatsPerMinute = UCUMUnit(display: "beats/minute", code: "/min")
    static let breathsPerMinute = UCUMUnit(display: "breaths/minute", code: "/min")
    static let milliseconds = UCUMUnit(display: "ms", code: "ms")
    static let percent = UCUMUnit(display: "%", code: "%")
    static let kilograms = UCUMUnit(display: "kg", code: "kg")
    static let centimeters = UCUMUnit(display: "cm", code: "cm")
    static let kilogramsPerSquareMeter = UCUMUnit(display: "kg/m2", code: "kg/m2")
    static let celsius = UCUMUnit(display: "Cel", code: "Cel")
    static let millimetersOfMercury = UCUMUnit(display: "mmHg", code: "mm[Hg]")
    static let milligramsPerDeciliter = UCUMUnit(display: "mg/dL", code: "mg/dL")
    static let steps = UCUMUnit(display: "steps", code: "{steps}")
    static let microvolts = UCUMUnit(display: "uV", code: "uV")

    /// The UCUM code of each HealthKit unit whose name differs from it or is the same; units
    /// not listed keep their HealthKit name as display, without a code.
    static let healthKitCodes: [String: String] = [
        "count": "1", "count/min": "/min", "count/s": "/s", "%": "%",
        "kg": "kg", "g": "g", "mg": "mg", "mcg": "ug", "µg": "ug", "lb": "[lb_av]", "oz": "[oz_av]",
        "st": "[stone_av]",
        "m": "m", "cm": "cm", "mm": "mm", "km": "km", "ft": "[ft_i]", "in": "[in_i]", "yd": "[yd_i]",
        "mi": "[mi_i]",
        "kcal": "kcal", "Cal": "kcal", "cal": "cal", "kJ": "kJ", "J": "J",
        "s": "s", "ms": "ms", "min": "min", "hr": "h", "d": "d",
        "L": "L", "mL": "mL", "dL": "dL", "fl_oz_us": "[foz_us]", "fl_oz_imp": "[foz_br]", "cup_us": "[cup_us]",
        "pt_us": "[pt_us]", "pt_imp": "[pt_br]",
        "mmHg": "mm[Hg]", "cmAq": "cm[H2O]", "inHg": "[in_i'Hg]", "kPa": "kPa",
        "degC": "Cel", "degF": "[degF]", "K": "K",
        "mg/dL": "mg/dL", "mmol/L": "mmol/L",
        "mL/(kg*min)": "mL/(kg.min)", "mL/(kg·min)": "mL/(kg.min)", "mL/min·kg": "mL/(kg.min)",
        "mL/kg·min": "mL/(kg.min)",
        "m/s": "m/s", "km/hr": "km/h", "mi/hr": "[mi_i]/h", "W": "W", "dBASPL": "dB[SPL]", "dBHL": "dB[HL]",
        "kcal/hr·kg": "kcal/(h.kg)", "IU": "[IU]", "S": "S", "V": "V", "Hz": "Hz", "lx": "lx",
    ]

    /// The unit for a HealthKit unit as written: its UCUM code when known, the name as display.
    static func healthKit(_ written: String) -> UCUMUnit {
        UCUMUnit(display: written, code: healthKitCodes[written])
    }
}
