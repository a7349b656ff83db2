/// A daily `ActivitySummary`: the Move, Exercise and Stand rings of one calendar day.
///
/// Older exports write `appleMoveMinutes*`, newer ones `appleMoveTime*`; both land in ``moveTime``.
public struct ActivitySummary: Sendable, Equatable {
    /// The type name summaries carry in JSON lines and the store.
    public static let typeIdentifier = "HKActivitySummary"
    /// The calendar day (`dateComponents`).
    public var day: CalendarDay
    /// Active energy burned.
    public var activeEnergyBurned: Double?
    /// The Move goal.
    public var activeEnergyBurnedGoal: Double?
    /// The energy unit as written (`kcal`, `kJ`, `Cal`).
    public var activeEnergyBurnedUnit: String?
    /// Move minutes (`appleMoveTime`, or `appleMoveMinutes` in older exports).
    public var moveTime: Double?
    /// The Move-minutes goal.
    public var moveTimeGoal: Double?
    /// Exercise minutes.
    public var exerciseTime: Double?
    /// The Exercise goal.
    public var exerciseTimeGoal: Double?
    /// Stand hours.
    public var standHours: Double?
    /// The Stand goal.
    public var standHoursGoal: Double?
    /// The day's start in the export's offset, used for windows and sorting.
    public var start: ExportTimestamp
    /// The day's end.
    public var end: ExportTimestamp

    /// Creates a summary for `day`, placed in time with the export's UTC offset.
    public init(day: CalendarDay, offsetMinutes: Int32) {
        self.day = day
        let midnight = Int64(day.daysSince1970) * 86_400 - Int64(offsetMinutes) * 60
        start = ExportTimestamp(secondsSince1970: midnight, offsetMinutes: offsetMinutes)
        end = ExportTimestamp(secondsSince1970: midnight + 86_399, offsetMinutes: offsetMinutes)
    }
}

/// A `ClinicalRecord`: a pointer to a FHIR resource in `clinical-records/`.
public struct ClinicalRecord: Sendable, Equatable {
    /// `HKClinicalTypeIdentifier...`.
    public var type: String
    /// The resource identifier.
    public var identifier: String
    /// The provider.
    public var sourceName: String
    /// The provider's FHIR endpoint.
    public var sourceURL: String?
    /// FHIR version (`1.0.2`, `4.0.1`).
    public var fhirVersion: String?
    /// When the phone received it.
    public var receivedDate: ExportTimestamp?
    /// The JSON file with the resource, relative to the export folder.
    public var resourceFilePath: String?

    /// Creates a clinical record.
    public init(
        type: String, identifier: String, sourceName: String, sourceURL: String? = nil, fhirVersion: String? = nil,
        receivedDate: ExportTimestamp? = nil, resourceFilePath: String? = nil
    ) {
        self.type = type
        self.identifier = identifier
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.fhirVersion = fhirVersion
        self.receivedDate = receivedDate
        self.resourceFilePath = resourceFilePath
    }
}

/// An attribute kept as written, for elements whose attributes are many and rarely used.
public struct WrittenAttribute: Sendable, Equatable {
    /// The attribute's name.
    public var name: String
    /// Its value as written.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An `Audiogram` with its `SensitivityPoint`s.
public struct Audiogram: Sendable, Equatable {
    /// Type, source and dates.
    public var header: SampleHeader
    /// The audiogram's metadata.
    public var metadata: [MetadataEntry]
    /// Each point's attributes (`frequencyValue`, `leftEarValue`, ...) as written.
    public var points: [[WrittenAttribute]]

    /// Creates an audiogram.
    public init(header: SampleHeader, metadata: [MetadataEntry] = [], points: [[WrittenAttribute]] = []) {
        self.header = header
        self.metadata = metadata
        self.points = points
    }
}

/// A `VisionPrescription` (glasses or contacts).
public struct VisionPrescription: Sendable, Equatable {
    /// `HKVisionPrescriptionTypeGlasses` or `...Contacts`.
    public var type: String
    /// When it was issued.
    public var dateIssued: ExportTimestamp?
    /// When it expires.
    public var expirationDate: ExportTimestamp?
    /// The brand, for contacts.
    public var brand: String?
    /// Right eye's attributes as written (`sphere`, `cylinder`, `axis`, ... and units).
    public var rightEye: [WrittenAttribute]
    /// Left eye's attributes as written.
    public var leftEye: [WrittenAttribute]
    /// Attachment identifiers.
    public var attachments: [String]
    /// The prescription's metadata.
    public var metadata: [MetadataEntry]

    /// Creates a prescription.
    public init(
        type: String, dateIssued: ExportTimestamp?, expirationDate: ExportTimestamp? = nil, brand: String? = nil,
        rightEye: [WrittenAttribute] = [], leftEye: [WrittenAttribute] = [], attachments: [String] = [],
        metadata: [MetadataEntry] = []
    ) {
        self.type = type
        self.dateIssued = dateIssued
        self.expirationDate = expirationDate
        self.brand = brand
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.attachments = attachments
        self.metadata = metadata
    }
}

/// An electrocardiogram from `electrocardiograms/*.csv`.
public struct Electrocardiogram: Sendable, Equatable {
    /// The type name ECGs carry in JSON lines and the store.
    public static let typeIdentifier = "HKElectrocardiogram"
    /// The CSV's path inside the export.
    public var filePath: String
    /// `Recorded Date`.
    public var recordedDate: ExportTimestamp
    /// `Classification` as written (localized).
    public var classification: String?
    /// `Symptoms` as written.
    public var symptoms: String?
    /// `Software Version`.
    public var softwareVersion: String?
    /// `Device` (`Watch6,7`).
    public var device: String?
    /// Samples per second.
    public var sampleRateHertz: Double?
    /// `Lead` (`Lead I`).
    public var lead: String?
    /// The samples' unit (`µV`).
    public var unit: String?
    /// The voltage samples in order.
    public var samples: [Double]

    /// The end of the recording, from the sample count and rate.
    public var endDate: ExportTimestamp {
        guard let rate = sampleRateHertz, rate > 0 else { return recordedDate }
        return recordedDate.adding(seconds: Int64((Double(samples.count) / rate).rounded()))
    }

    /// Creates an ECG recording.
    public init(
        filePath: String, recordedDate: ExportTimestamp, classification: String? = nil, symptoms: String? = nil,
        softwareVersion: String? = nil, device: String? = nil, sampleRateHertz: Double? = nil, lead: String? = nil,
        unit: String? = nil, samples: [Double] = []
    ) {
        self.filePath = filePath
        self.recordedDate = recordedDate
        self.classification = classification
        self.symptoms = symptoms
        self.softwareVersion = softwareVersion
        self.device = device
        self.sampleRateHertz = sampleRateHertz
        self.lead = lead
        self.unit = unit
        self.samples = samples
    }
}

/// The export's own facts: when it was made, in which locale and format version, and the `Me` profile.
public struct ExportFacts: Sendable, Equatable {
    /// `ExportDate@value`; `nil` for hand-made files without one.
    public var exportDate: ExportTimestamp?
    /// `HealthData@locale` (`en_US`, `de_DE`).
    public var locale: String?
    /// The `HealthKit Export Version` from the DOCTYPE comment; `nil` before iOS 9.
    public var version: Int?
    /// The `Me` element's characteristics as written, short names (`DateOfBirth`, `BiologicalSex`, ...).
    public var profile: [MetadataEntry]

    /// Creates export facts.
    public init(
        exportDate: ExportTimestamp? = nil, locale: String? = nil, version: Int? = nil, profile: [MetadataEntry] = []
    ) {
        self.exportDate = exportDate
        self.locale = locale
        self.version = version
        self.profile = profile
    }
}
