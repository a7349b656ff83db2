import Foundation

/// What a value becomes when nothing more specific is known of it: the rule for metadata values
/// (`MetadataEntry@value`) and for attributes no element declares (iOS 8 metadata attributes,
/// attributes added by later iOS versions).
///
/// A value is kept only when its shape shows it holds nothing personal: a number, with or
/// without a unit of measure (`418 cm`, `9.66668 kcal/hr·kg`), or a unit alone (`mg/dL`); a
/// HealthKit constant (`HKWeatherConditionClear`); a yes/no; a time zone of the time-zone
/// database (`Europe/Paris`, `CET`). A date is shifted. Anything else, and any value whose key
/// names an identifier (`HKExternalUUID`, `HKMetadataKeySyncIdentifier`, a vendor's user id, a
/// link) or a place (a latitude, a post code), is replaced by its keyed hash. So is a number of
/// ten million or more (a compact or Unix date that would tell the shift, a phone number, an
/// account) and one with two separators (`01.10.2025`, an IP address, a version).
enum ValueRules {
    enum Verdict: Equatable {
        case keep
        case shiftDates
        case hash
    }

    /// The verdict for `value` under `key` (both as the XML holds them, escaped).
    static func verdict(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Verdict {
        if value.isEmpty { return .keep }
        if namesIdentifier(key) || namesPlace(key) { return .hash }
        if isDate(value) { return .shiftDates }
        if isNumber(value) || isConstant(value) || isYesNo(value) || isTimeZone(value) { return .keep }
        // A unit alone (`Original Units`: `mg/dL`), of two letters at least: one may be an initial.
        if value.count >= 2, isUnit(value) { return .keep }
        return .hash
    }

    /// Whether the key names an identifier, a link, a name or an address.
    static func namesIdentifier(_ key: UnsafeRawBufferPointer) -> Bool {
        // Byte by byte, not with `String.contains`: a key is looked at for every metadata
        // entry, and Foundation's search builds a CFString for each word (docs/performance.md,
        // "Redact"). A key with non-ASCII letters goes the Unicode way, where lowercasing may
        // turn them into these words' letters.
        if key.contains(where: { $0 >= 0x80 }) {
            let lowered = String(decoding: key, as: UTF8.self).lowercased()
            if identifyingWords.contains(where: { lowered.contains(String(decoding: $0, as: UTF8.self)) }) {
                return true
            }
        } else if identifyingWords.contains(where: { containsIgnoringCase(key, $0) }) {
            return true
        }
        // `ID`, `Id` or `_id` as the last word: `DeviceID`, `Withings userId`.
        guard key.count >= 2 else { return false }
        let (last, secondLast) = (key[key.count - 1], key[key.count - 2])
        return (secondLast == 0x49 && (last == 0x44 || last == 0x64))
            || (key.count >= 3 && key[key.count - 3] == 0x5F && lowercased(secondLast) == 0x69
                && lowercased(last) == 0x64)
    }

    /// Whether the key names a place: coordinates, an address, by one of its words (`lat`,
    /// `StartLongitude`, `home_city`). Of Apple's own keys only coordinates count
    /// (`HKSwimmingLocationType` is a pool or open water).
    static func namesPlace(_ key: UnsafeRawBufferPointer) -> Bool {
        let words = Self.words(String(decoding: key, as: UTF8.self))
        let isApple = key.count > 2 && key[0] == 0x48 && key[1] == 0x4B
        return words.contains { isApple ? coordinateWords.contains($0) : placeWords.contains($0) }
    }

    /// The words of a key in lower case: split at what is no letter and where a capital follows
    /// a small letter (`HKWeatherLatitude`: hkweather, latitude).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in key {
            guard character.isLetter else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    private static let coordinateWords: Set<String> = [
        "lat", "lng", "lon", "latitude", "longitude", "coordinate", "coordinates", "gps", "geo",
    ]

    private static let placeWords: Set<String> = coordinateWords.union([
        "location", "zip", "postal", "postcode", "street", "city", "town", "birth", "home", "place",
    ])

    private static let identifyingWords: [[UInt8]] = [
        "uuid", "identifier", "link", "url", "serial", "userid", "user id", "user_id", "email", "name", "address",
        "phone", "token",
    ].map { Array($0.utf8) }

    /// Whether `text` holds `word` (lowercase ASCII), ignoring the case of ASCII letters.
    private static func containsIgnoringCase(_ text: UnsafeRawBufferPointer, _ word: [UInt8]) -> Bool {
        guard text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            word.indices.allSatisfy { lowercased(text[start + $0]) == word[$0] }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// A date, a date and time, or a compact iOS 8 timestamp, with nothing else in it.
    static func isDate(_ value: UnsafeRawBufferPointer) -> Bool {
        if value.count == 19 {
            var isCompact = true
            for index in 0..<19 where index != 14 {
                if !DateShift.isDigit(value[index]) { isCompact = false }
            }
            if isCompact, value[14] == 0x2B || value[14] == 0x2D { return true }
        }
        guard value.count >= 10, value.count <= 40, value[4] == 0x2D, value[7] == 0x2D else { return false }
        for (index, byte) in value.enumerated() {
            if index < 10 {
                guard index == 4 || index == 7 || DateShift.isDigit(byte) else { return false }
            } else {
                let allowed =
                    DateShift.isDigit(byte) || byte == 0x20 || byte == 0x3A || byte == 0x2B || byte == 0x2D
                    || byte == 0x54 || byte == 0x5A || byte == 0x2E || byte == 0x2C
                guard allowed else { return false }
            }
        }
        return true
    }

    /// `72`, `-0.5`, `1,5`, `1e-3`, `418 cm`, `9400 %`, `9.66668 kcal/hr·kg`.
    static func isNumber(_ value: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = value.count
        if index < count, value[index] == 0x2B || value[index] == 0x2D { index += 1 }
        var digits = 0
        while index < count, DateShift.isDigit(value[index]) || value[index] == 0x2E || value[index] == 0x2C {
            if DateShift.isDigit(value[index]) { digits += 1 }
            index += 1
        }
        guard digits > 0 else { return false }
        // Two separators make a date (`01.10.2025`), an address or a version, not a measurement.
        let separators = value[..<index].filter { $0 == 0x2E || $0 == 0x2C }.count
        if separators > 1 { return false }
        if index < count, value[index] == 0x65 || value[index] == 0x45 {
            var exponent = index + 1
            if exponent < count, value[exponent] == 0x2B || value[exponent] == 0x2D { exponent += 1 }
            if exponent < count, DateShift.isDigit(value[exponent]) {
                index = exponent
                while index < count, DateShift.isDigit(value[index]) { index += 1 }
            }
        }
        // A number this large is a date in seconds (`1583868890.5`), a phone number or an
        // account, not a measurement.
        let number = String(decoding: value[..<index], as: UTF8.self).replacingOccurrences(of: ",", with: ".")
        if let magnitude = Double(number), abs(magnitude) >= 10_000_000 { return false }
        if index == count { return true }
        // A unit: one word of at most 40 bytes (a molar mass makes it long), after at most one space.
        if value[index] == 0x20 { index += 1 }
        let unit = count - index
        guard unit > 0, unit <= 40 else { return false }
        return isUnit(UnsafeRawBufferPointer(rebasing: value[index...]))
    }

    /// `cm`, `%`, `kcal/hr·kg`, `mL/min·kg`, `mmol<180.16>/L`, `m^2`: units of measure and their
    /// SI prefixes, joined by `/`, `·`, `*`, `-`, powers and parentheses. A word that is none
    /// (`5 Oak`, `12 Main`) makes the value text.
    static func isUnit(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first,
            (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A || first == 0x25 || first >= 0x80
        else { return false }
        // As the XML holds it: a molar mass's brackets escaped.
        var text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        // A molar mass in angle brackets (`mmol<180.15588>/L`) is a number.
        text = text.replacing(/<[0-9.]+>/, with: "")
        let words = text.split { character in
            "/·*^-().<> ".contains(character) || character.isNumber
        }
        guard !words.isEmpty else { return false }
        return words.allSatisfy { word in
            let word = String(word)
            if unitWords.contains(word) { return true }
            return prefixes.contains { prefix in
                word.hasPrefix(prefix) && prefixedUnits.contains(String(word.dropFirst(prefix.count)))
            }
        }
    }

    private static let unitWords: Set<String> = Set([
        "count", "%", "min", "hr", "h", "d", "wk", "mo", "yr", "cal", "Cal", "mmHg", "cmAq", "inHg", "atm", "degC",
        "degF", "°C", "°F", "°", "K", "in", "ft", "yd", "mi", "lb", "lbs", "oz", "st", "fl_oz_us", "fl_oz_imp",
        "cup_us", "cup_imp", "pt_us", "pt_imp", "IU", "dBASPL", "dBHL", "dB", "bpm", "mph", "kph", "rpm", "spm",
        "ppm", "steps", "step", "beats", "appleEffortScore", "kcal", "kJ",
    ]).union(prefixedUnits)

    /// Units that take an SI prefix (`mL`, `kg`, `µV`).
    private static let prefixedUnits: Set<String> = [
        "m", "g", "s", "L", "l", "J", "W", "V", "Hz", "Pa", "mol", "S", "lx",
    ]

    private static let prefixes = ["p", "n", "µ", "μ", "mc", "m", "c", "d", "da", "h", "k", "M", "G"]

    /// `HKWeatherConditionClear`, `HKMetadataKeyHeartRateMotionContext`: a word of a HealthKit
    /// family of constants (another `HK…` word may be anything an app wrote).
    static func isConstant(_ value: UnsafeRawBufferPointer) -> Bool {
        guard value.count > 2, value.count <= 96, value[0] == 0x48, value[1] == 0x4B,
            value.allSatisfy({ isWordByte($0) || $0 == 0x2E })
        else { return false }
        let text = String(decoding: value, as: UTF8.self)
        return constantFamilies.contains { text.hasPrefix($0) }
    }

    private static let constantFamilies = [
        "HKWeatherCondition", "HKCategoryValue", "HKWorkout", "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier",
        "HKCorrelationTypeIdentifier", "HKDataTypeIdentifier", "HKCharacteristicTypeIdentifier", "HKMetadataKey",
        "HKInsulinDeliveryReason", "HKHeartRateMotionContext", "HKBloodGlucoseMealTime", "HKVO2MaxTestType",
        "HKDevicePlacementSide", "HKAppleECGAlgorithmVersion", "HKSwimmingStrokeStyle", "HKUserMotionContext",
        "HKPhysicalEffortEstimationType", "HKWaterSalinity", "HKCyclingFunctionalThresholdPowerTestType",
        "HKHeartRateRecoveryTestType", "HKElectrocardiogram", "HKBiologicalSex", "HKBloodType",
        "HKFitzpatrickSkinType", "HKWheelchairUse", "HKActivityMoveMode", "HKCardioFitnessMedicationsUse",
        "HKSleepAnalysis", "HKAudiogram", "HKVisionPrescription", "HKClinicalType",
    ]

    static func isYesNo(_ value: UnsafeRawBufferPointer) -> Bool {
        guard value.count >= 2, value.count <= 5 else { return false }
        return yesNo.contains { $0.count == value.count && containsIgnoringCase(value, $0) }
    }

    private static let yesNo: [[UInt8]] = ["true", "false", "yes", "no"].map { Array($0.utf8) }

    /// `Europe/Paris`, `America/Argentina/Buenos_Aires`, `UTC`, `GMT`.
    static func isTimeZone(_ value: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: value, as: UTF8.self)
        if text == "UTC" || text == "GMT" { return true }
        // An abbreviation or an offset the database knows (`CET`, `GMT+01:00`).
        if value.count <= 12, value.allSatisfy({ isWordByte($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x3A }),
            let first = text.first, first.isUppercase, TimeZone(identifier: text) != nil
        {
            return true
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3, let first = parts[0].first, first.isUppercase else { return false }
        let shaped = parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { isWordByte($0) || $0 == 0x2D || $0 == 0x2B }
        }
        // Only a zone the database knows: `America/Zebulon` may be a street.
        return shaped && TimeZone(identifier: text) != nil
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || DateShift.isDigit(byte) || byte == 0x5F
    }
}
