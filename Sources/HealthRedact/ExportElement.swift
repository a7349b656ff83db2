/// The export's elements the redaction treats apart; every other one follows the general rules.
enum ExportElement {
    case healthData
    case exportDate
    case me
    case record
    case correlation
    case workout
    case workoutRoute
    case fileReference
    case location
    case activitySummary
    case clinicalRecord
    case audiogram
    case visionPrescription
    case metadataEntry
    case other

    static func of(_ name: String) -> ExportElement {
        switch name {
        case "HealthData": .healthData
        case "ExportDate": .exportDate
        case "Me": .me
        case "Record": .record
        case "Correlation": .correlation
        case "Workout": .workout
        case "WorkoutRoute": .workoutRoute
        case "FileReference": .fileReference
        case "Location": .location
        case "ActivitySummary": .activitySummary
        case "ClinicalRecord": .clinicalRecord
        case "Audiogram": .audiogram
        case "VisionPrescription": .visionPrescription
        case "MetadataEntry": .metadataEntry
        default: .other
        }
    }
}
