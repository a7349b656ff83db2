/// What happens to an attribute's value.
enum AttributeRule: Equatable {
    /// Kept as it is: types, units, numbers, keys, times of day.
    case keep
    /// A source name: `Source N`.
    case source
    /// A device description: its model.
    case device
    /// A date or date-time: shifted.
    case date
    /// The date of birth: its year.
    case birthDate
    /// An identifier: its keyed hash.
    case identifier
    /// `FileReference@path`: the date in the file name shifted.
    case path
    /// `value` of `ExportDate` (a date) or `MetadataEntry` (the metadata rule), kept elsewhere.
    case value
    /// Not known: the metadata rule (see ``ValueRules``), with the attribute's name as the key.
    case unknown

    /// The rule for the attribute named `name`.
    static func of(_ name: String) -> AttributeRule {
        switch name {
        case "sourceName", "source": return .source
        case "device": return .device
        case "startDate", "endDate", "creationDate", "date", "receivedDate", "dateIssued", "expirationDate",
            "dateComponents":
            return .date
        case "HKCharacteristicTypeIdentifierDateOfBirth", "DateOfBirth": return .birthDate
        case "uuid", "identifier": return .identifier
        case "path": return .path
        case "value": return .value
        case "type", "unit", "key", "sourceVersion", "workoutActivityType", "time", "locale", "fhirVersion", "bpm",
            "resourceFilePath":
            return .keep
        default:
            if name.hasSuffix("Unit") || name.hasPrefix("HKCharacteristicTypeIdentifier") { return .keep }
            return .unknown
        }
    }
}
