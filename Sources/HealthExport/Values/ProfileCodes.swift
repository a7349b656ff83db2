/// iOS 8 exports wrote the `Me` profile as HealthKit's raw codes (`BiologicalSex="2"`,
/// `BloodType="7"`, `DateOfBirth="19950215"`); later exports write names and ISO dates.
/// These map the codes to the names, so one profile compares equal across exports.
enum ProfileCodes {
    static let biologicalSex = [
        "HKBiologicalSexNotSet", "HKBiologicalSexFemale", "HKBiologicalSexMale", "HKBiologicalSexOther",
    ]
    static let bloodType = [
        "HKBloodTypeNotSet", "HKBloodTypeAPositive", "HKBloodTypeANegative", "HKBloodTypeBPositive",
        "HKBloodTypeBNegative", "HKBloodTypeABPositive", "HKBloodTypeABNegative", "HKBloodTypeOPositive",
        "HKBloodTypeONegative",
    ]
    static let skinType = [
        "HKFitzpatrickSkinTypeNotSet", "HKFitzpatrickSkinTypeI", "HKFitzpatrickSkinTypeII", "HKFitzpatrickSkinTypeIII",
        "HKFitzpatrickSkinTypeIV", "HKFitzpatrickSkinTypeV", "HKFitzpatrickSkinTypeVI",
    ]
    static let wheelchairUse = ["HKWheelchairUseNotSet", "HKWheelchairUseNo", "HKWheelchairUseYes"]

    /// The value later exports write for profile field `key` (without `HKCharacteristicTypeIdentifier`).
    static func canonical(key: String, value: String) -> String {
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return value
        }
        switch key {
        case "DateOfBirth":
            guard value.utf8.count == 8 else { return value }
            let digits = Array(value)
            return String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8])
        case "BiologicalSex": return name(value, in: biologicalSex)
        case "BloodType": return name(value, in: bloodType)
        case "FitzpatrickSkinType": return name(value, in: skinType)
        case "WheelchairUse": return name(value, in: wheelchairUse)
        default: return value
        }
    }

    private static func name(_ code: String, in names: [String]) -> String {
        guard let index = Int(code), names.indices.contains(index) else { return code }
        return names[index]
    }
}
