/// One unit per type, whatever units the samples were written in.
///
/// Weight and other masses of the body in kg, blood glucose in mg/dL (`mmol<180.15588000005408>/L` is
/// converted by the molar mass it names), temperatures in °C (`degC`), distances in km, energy in kcal,
/// times in min, heights and lengths of the body in cm, fractions (`%`) in percent (0.97 is 97), volumes in
/// mL, nutrients' masses in g, pressures in mmHg, beats and breaths in `count/min` (from `count/s`
/// too); other counts and rates stay as written (`count`, `ms`, `mL/min·kg`, `dBASPL`).
public struct StatisticsUnits: Sendable {
    /// The type's unit.
    public let unit: String
    private let type: String

    /// The unit of a HealthKit type identifier; `firstUnit` (a unit its samples were written in) chooses for
    /// types this table does not name.
    public init(type: String, firstUnit: String?) {
        self.type = type
        if let unit = Self.byType[type] {
            self.unit = unit
        } else if let first = firstUnit {
            let dimension = Self.linear[first]?.dimension
            self.unit = dimension.flatMap { Self.byDimension[$0] } ?? (first == "%" ? "%" : first)
        } else {
            self.unit = "count"
        }
    }

    /// Whether `unit` can measure `type`: a type this table names takes only units its own converts
    /// from (steps in `count`, heart rate in `count/min` or `count/s`), a distance, energy,
    /// nutrient or speed only a unit of its dimension; any other type takes any.
    public static func canMeasure(type: String, in unit: String?) -> Bool {
        if byType[type] != nil { return StatisticsUnits(type: type, firstUnit: unit).convert(1, from: unit) != nil }
        guard let dimension = dimension(ofType: type) else { return true }
        return unit.flatMap { linear[$0]?.dimension } == dimension
    }

    /// The dimension a type's name tells, for types the table does not name: distances, energies,
    /// nutrients' masses, speeds.
    static func dimension(ofType type: String) -> Dimension? {
        let name = type.dropFirst("HKQuantityTypeIdentifier".count)
        guard type.hasPrefix("HKQuantityTypeIdentifier") else { return nil }
        if name.hasPrefix("Distance") { return .length }
        if name.contains("Energy") { return .energy }
        if name.hasPrefix("Dietary") { return .mass }
        if name.hasSuffix("Speed") { return .speed }
        return nil
    }

    /// `value` written in `unit`, in this type's unit; `nil` when it cannot be converted.
    public func convert(_ value: Double, from written: String?) -> Double? {
        let written = written ?? unit
        if unit == "%" { return written == "%" ? value * 100 : nil }
        if written == unit { return value }
        if unit == "mg/dL", let milligrams = Self.glucose(value, unit: written) { return milligrams }
        if unit == "degC" {
            switch written {
            case "degF": return (value - 32) * 5 / 9
            case "K": return value - 273.15
            default: return nil
            }
        }
        guard let from = Self.linear[written], let to = Self.linear[unit], from.dimension == to.dimension else {
            return nil
        }
        return value * from.factor / to.factor
    }

    /// A function converting values written in `written` to this type's unit, or `nil` when they cannot be;
    /// for loops over many samples in few units.
    public func converter(from written: String?) -> ((Double) -> Double)? {
        let written = written ?? unit
        if unit == "%" { return written == "%" ? { (value: Double) in value * 100 } : nil }
        if written == unit { return { (value: Double) in value } }
        if let from = Self.linear[written], let to = Self.linear[unit], from.dimension == to.dimension {
            let factor = from.factor / to.factor
            return { (value: Double) in value * factor }
        }
        guard convert(1, from: written) != nil else { return nil }
        let units = self
        return { units.convert($0, from: written)! }
    }

    /// mg/dL of a glucose value written in `mg/dL` or `mmol<M>/L` (M the molar mass in g/mol).
    static func glucose(_ value: Double, unit: String) -> Double? {
        if unit.hasPrefix("mmol<"), unit.hasSuffix(">/L"),
            let molarMass = Double(unit.dropFirst(5).dropLast(3))
        {
            // mmol/L × g/mol = mg/L; a decilitre holds a tenth of that.
            return value * molarMass / 10
        }
        if unit == "mmol/L" { return value * 180.155_88 / 10 }
        if unit == "mg/L" { return value / 10 }
        if unit == "g/L" { return value * 100 }
        return nil
    }

    static let byType: [String: String] = [
        "HKQuantityTypeIdentifierStepCount": "count",
        "HKQuantityTypeIdentifierFlightsClimbed": "count",
        "HKQuantityTypeIdentifierPushCount": "count",
        "HKQuantityTypeIdentifierSwimmingStrokeCount": "count",
        "HKQuantityTypeIdentifierActiveEnergyBurned": "kcal",
        "HKQuantityTypeIdentifierBasalEnergyBurned": "kcal",
        "HKQuantityTypeIdentifierDietaryEnergyConsumed": "kcal",
        "HKQuantityTypeIdentifierAppleExerciseTime": "min",
        "HKQuantityTypeIdentifierAppleStandTime": "min",
        "HKQuantityTypeIdentifierAppleMoveTime": "min",
        "HKQuantityTypeIdentifierTimeInDaylight": "min",
        "HKQuantityTypeIdentifierBodyMass": "kg",
        "HKQuantityTypeIdentifierLeanBodyMass": "kg",
        "HKQuantityTypeIdentifierHeight": "cm",
        "HKQuantityTypeIdentifierWaistCircumference": "cm",
        "HKQuantityTypeIdentifierBodyMassIndex": "count",
        "HKQuantityTypeIdentifierBodyFatPercentage": "%",
        "HKQuantityTypeIdentifierOxygenSaturation": "%",
        "HKQuantityTypeIdentifierWalkingAsymmetryPercentage": "%",
        "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage": "%",
        "HKQuantityTypeIdentifierBloodAlcoholContent": "%",
        "HKQuantityTypeIdentifierBloodGlucose": "mg/dL",
        "HKQuantityTypeIdentifierBodyTemperature": "degC",
        "HKQuantityTypeIdentifierBasalBodyTemperature": "degC",
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature": "degC",
        "HKQuantityTypeIdentifierWaterTemperature": "degC",
        "HKQuantityTypeIdentifierHeartRate": "count/min",
        "HKQuantityTypeIdentifierRestingHeartRate": "count/min",
        "HKQuantityTypeIdentifierWalkingHeartRateAverage": "count/min",
        "HKQuantityTypeIdentifierRespiratoryRate": "count/min",
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": "ms",
        "HKQuantityTypeIdentifierBloodPressureSystolic": "mmHg",
        "HKQuantityTypeIdentifierBloodPressureDiastolic": "mmHg",
        "HKQuantityTypeIdentifierDietaryWater": "mL",
        "HKQuantityTypeIdentifierWalkingSpeed": "km/hr",
        "HKQuantityTypeIdentifierRunningSpeed": "km/hr",
        "HKQuantityTypeIdentifierWalkingStepLength": "cm",
        "HKQuantityTypeIdentifierRunningStrideLength": "m",
        "HKQuantityTypeIdentifierSixMinuteWalkTestDistance": "m",
    ]

    /// Units of a dimension, when the table has none for the type: distances in km, masses (nutrients) in g.
    static let byDimension: [Dimension: String] = [
        .mass: "g", .length: "km", .energy: "kcal", .time: "min", .volume: "mL", .pressure: "mmHg",
        .speed: "km/hr",
    ]

    enum Dimension { case mass, length, energy, time, volume, pressure, speed, rate }

    /// Factors to one unit of each dimension (kg, m, kcal, s, L, mmHg, m/s, count/min).
    static let linear: [String: (factor: Double, dimension: Dimension)] = [
        "kg": (1, .mass), "g": (0.001, .mass), "mg": (1e-6, .mass), "mcg": (1e-9, .mass), "µg": (1e-9, .mass),
        "lb": (0.453_592_37, .mass), "oz": (0.028_349_523_125, .mass), "st": (6.350_293_18, .mass),
        "m": (1, .length), "cm": (0.01, .length), "mm": (0.001, .length), "km": (1000, .length),
        "ft": (0.3048, .length), "in": (0.0254, .length), "yd": (0.9144, .length), "mi": (1609.344, .length),
        "kcal": (1, .energy), "Cal": (1, .energy), "cal": (0.001, .energy), "kJ": (1 / 4.184, .energy),
        "J": (1 / 4184, .energy),
        "s": (1, .time), "ms": (0.001, .time), "min": (60, .time), "hr": (3600, .time), "d": (86_400, .time),
        "L": (1, .volume), "mL": (0.001, .volume), "dL": (0.1, .volume), "fl_oz_us": (0.029_573_529_562_5, .volume),
        "fl_oz_imp": (0.028_413_062_5, .volume), "cup_us": (0.236_588_236_5, .volume),
        "cup_imp": (0.284_130_625, .volume), "pt_us": (0.473_176_473, .volume), "pt_imp": (0.568_261_25, .volume),
        "mmHg": (1, .pressure), "cmAq": (0.735_559, .pressure), "inHg": (25.4, .pressure),
        "kPa": (7.500_617, .pressure),
        "m/s": (1, .speed), "km/hr": (1 / 3.6, .speed), "mi/hr": (0.447_04, .speed),
        "count/min": (1, .rate), "count/s": (60, .rate), "Hz": (60, .rate), "count/hr": (1 / 60, .rate),
    ]
}
