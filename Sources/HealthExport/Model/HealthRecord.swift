/// One typed record read from an export: what the reader yields for each top-level element.
///
/// Samples, most of an export, sit in the record itself; the rarer, larger cases are boxed
/// (`indirect`). A box for every record cost an allocation and its atomic reference counts,
/// more than the copies of a sample's fields it saved.
public enum HealthRecord: Sendable, Equatable {
    /// The export's own facts (`ExportDate`, `Me`, locale, version); yielded once, first.
    indirect case export(ExportFacts)
    /// A numeric sample (`Record` of a quantity type other than body mass).
    case quantity(QuantitySample)
    /// A body-mass sample, normalised to kilograms.
    case weight(WeightSample)
    /// A category sample (sleep stages, stand hours, ...), its value kept as a name.
    case category(CategorySample)
    /// A `Correlation` (blood pressure, food) with its member samples.
    indirect case correlation(Correlation)
    /// A `Workout` with its activities, events, statistics and routes.
    indirect case workout(Workout)
    /// A daily `ActivitySummary` (rings).
    indirect case activitySummary(ActivitySummary)
    /// A `ClinicalRecord` (a pointer to a FHIR resource file).
    indirect case clinical(ClinicalRecord)
    /// An `Audiogram` with its sensitivity points.
    indirect case audiogram(Audiogram)
    /// A `VisionPrescription` with both eyes.
    indirect case visionPrescription(VisionPrescription)
    /// A GPX route file of a workout, or an old export's inline `Location` points.
    indirect case route(RouteTrack)
    /// An electrocardiogram recording (`electrocardiograms/*.csv`).
    indirect case electrocardiogram(Electrocardiogram)

    /// The record's kind as written in JSON lines and the store (`quantity`, `weight`, ...).
    public var kind: RecordKind {
        switch self {
        case .export: .export
        case .quantity: .quantity
        case .weight: .weight
        case .category: .category
        case .correlation: .correlation
        case .workout: .workout
        case .activitySummary: .activitySummary
        case .clinical: .clinical
        case .audiogram: .audiogram
        case .visionPrescription: .visionPrescription
        case .route: .route
        case .electrocardiogram: .electrocardiogram
        }
    }

    /// The HealthKit type identifier (`HKQuantityTypeIdentifierBodyMass`, `HKWorkoutActivityTypeRunning`, ...).
    public var type: String {
        switch self {
        case .export: "HealthExport"
        case .quantity(let sample): sample.header.type
        case .weight(let sample): sample.header.type
        case .category(let sample): sample.header.type
        case .correlation(let correlation): correlation.header.type
        case .workout(let workout): workout.activityType
        case .activitySummary: ActivitySummary.typeIdentifier
        case .clinical(let record): record.type
        case .audiogram(let audiogram): audiogram.header.type
        case .visionPrescription(let prescription): prescription.type
        case .route: RouteTrack.typeIdentifier
        case .electrocardiogram: Electrocardiogram.typeIdentifier
        }
    }

    /// When the record starts: its `startDate`, or the day's midnight for activity summaries.
    public var start: ExportTimestamp? {
        switch self {
        case .export(let facts): facts.exportDate
        case .quantity(let sample): sample.header.startDate
        case .weight(let sample): sample.header.startDate
        case .category(let sample): sample.header.startDate
        case .correlation(let correlation): correlation.header.startDate
        case .workout(let workout): workout.header.startDate
        case .activitySummary(let summary): summary.start
        case .clinical(let record): record.receivedDate
        case .audiogram(let audiogram): audiogram.header.startDate
        case .visionPrescription(let prescription): prescription.dateIssued
        case .route(let route): route.startDate
        case .electrocardiogram(let ecg): ecg.recordedDate
        }
    }

    /// When the record ends.
    public var end: ExportTimestamp? {
        switch self {
        case .export(let facts): facts.exportDate
        case .quantity(let sample): sample.header.endDate
        case .weight(let sample): sample.header.endDate
        case .category(let sample): sample.header.endDate
        case .correlation(let correlation): correlation.header.endDate
        case .workout(let workout): workout.header.endDate
        case .activitySummary(let summary): summary.end
        case .clinical(let record): record.receivedDate
        case .audiogram(let audiogram): audiogram.header.endDate
        case .visionPrescription(let prescription): prescription.expirationDate ?? prescription.dateIssued
        case .route(let route): route.endDate
        case .electrocardiogram(let ecg): ecg.endDate
        }
    }

    /// When the record was written to HealthKit, if the export says; falls back to ``start``.
    public var creation: ExportTimestamp? {
        switch self {
        case .quantity(let sample): sample.header.creationDate ?? sample.header.startDate
        case .weight(let sample): sample.header.creationDate ?? sample.header.startDate
        case .category(let sample): sample.header.creationDate ?? sample.header.startDate
        case .correlation(let correlation): correlation.header.creationDate ?? correlation.header.startDate
        case .workout(let workout): workout.header.creationDate ?? workout.header.startDate
        case .audiogram(let audiogram): audiogram.header.creationDate ?? audiogram.header.startDate
        default: start
        }
    }

    /// The name of the app or device that wrote the record, when it has one.
    public var sourceName: String? {
        switch self {
        case .quantity(let sample): sample.header.sourceName
        case .weight(let sample): sample.header.sourceName
        case .category(let sample): sample.header.sourceName
        case .correlation(let correlation): correlation.header.sourceName
        case .workout(let workout): workout.header.sourceName
        case .audiogram(let audiogram): audiogram.header.sourceName
        case .clinical(let record): record.sourceName
        case .route(let route): route.sourceName
        case .electrocardiogram(let ecg): ecg.device
        default: nil
        }
    }
}

/// The kinds of record, as named in JSON lines (`"kind"`) and in the store.
public enum RecordKind: String, Sendable, CaseIterable, Codable {
    case export
    case quantity
    case weight
    case category
    case correlation
    case workout
    case activitySummary
    case clinical
    case audiogram
    case visionPrescription
    case route
    case electrocardiogram = "ecg"
}
