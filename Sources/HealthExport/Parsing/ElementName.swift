import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The elements of `export.xml` this reader knows, recognised from libxml2's name bytes without a `String`.
enum ElementName: UInt8 {
    case healthData, exportDate, me, record, metadataEntry, hrvList, beat, correlation, workout
    case workoutActivity, workoutEvent, workoutStatistics, workoutRoute, fileReference, location
    case activitySummary, clinicalRecord, audiogram, sensitivityPoint, visionPrescription, rightEye, leftEye
    case attachment, workoutZoneGroup, workoutZone, unknown

    init(_ name: UnsafePointer<UInt8>) {
        self.init(name, length: strlen(name))
    }

    /// The element named by the `length` bytes at `name`, which need no terminating NUL.
    init(_ name: UnsafePointer<UInt8>, length: Int) {
        guard length > 0 else {
            self = .unknown
            return
        }
        @inline(__always) func matches(_ literal: StaticString) -> Bool {
            length == literal.utf8CodeUnitCount && memcmp(name, literal.utf8Start, length) == 0
        }
        switch name[0] {
        case UInt8(ascii: "R"):
            self = matches("Record") ? .record : matches("RightEye") ? .rightEye : .unknown
        case UInt8(ascii: "M"):
            self = matches("MetadataEntry") ? .metadataEntry : matches("Me") ? .me : .unknown
        case UInt8(ascii: "I"):
            self = matches("InstantaneousBeatsPerMinute") ? .beat : .unknown
        case UInt8(ascii: "W"):
            if matches("Workout") {
                self = .workout
            } else if matches("WorkoutStatistics") {
                self = .workoutStatistics
            } else if matches("WorkoutEvent") {
                self = .workoutEvent
            } else if matches("WorkoutActivity") {
                self = .workoutActivity
            } else if matches("WorkoutRoute") {
                self = .workoutRoute
            } else if matches("WorkoutZoneGroup") {
                self = .workoutZoneGroup
            } else if matches("WorkoutZone") {
                self = .workoutZone
            } else {
                self = .unknown
            }
        case UInt8(ascii: "H"):
            self =
                matches("HeartRateVariabilityMetadataList") ? .hrvList : matches("HealthData") ? .healthData : .unknown
        case UInt8(ascii: "C"):
            self = matches("Correlation") ? .correlation : matches("ClinicalRecord") ? .clinicalRecord : .unknown
        case UInt8(ascii: "F"):
            self = matches("FileReference") ? .fileReference : .unknown
        case UInt8(ascii: "L"):
            self = matches("Location") ? .location : matches("LeftEye") ? .leftEye : .unknown
        case UInt8(ascii: "A"):
            if matches("ActivitySummary") {
                self = .activitySummary
            } else if matches("Audiogram") {
                self = .audiogram
            } else {
                self = matches("Attachment") ? .attachment : .unknown
            }
        case UInt8(ascii: "E"):
            self = matches("ExportDate") ? .exportDate : .unknown
        case UInt8(ascii: "S"):
            self = matches("SensitivityPoint") ? .sensitivityPoint : .unknown
        case UInt8(ascii: "V"):
            self = matches("VisionPrescription") ? .visionPrescription : .unknown
        default:
            self = .unknown
        }
    }
}

/// The attributes of one start tag, as libxml2 hands them over: five pointers each, values not NUL-terminated.
struct AttributeList {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    @inline(__always)
    func name(_ index: Int) -> UnsafePointer<UInt8> { base![index * 5]! }

    @inline(__always)
    func value(_ index: Int) -> UnsafeRawBufferPointer {
        let start = base![index * 5 + 3]!
        let end = base![index * 5 + 4]!
        return UnsafeRawBufferPointer(start: start, count: end - start)
    }

    /// The value of the attribute named `literal`, if present.
    func value(of literal: StaticString) -> UnsafeRawBufferPointer? {
        for i in 0..<count where AttributeList.equal(name(i), literal) { return value(i) }
        return nil
    }

    /// Whether the NUL-terminated `name` is `literal`. Byte by byte: the first difference, or
    /// the name's NUL (no literal holds one), ends the comparison, so a name shorter than the
    /// literal is never read past its end (`memcmp` may read all of the literal's length).
    @inline(__always)
    static func equal(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for index in 0..<length where name[index] != bytes[index] { return false }
        return name[length] == 0
    }

    /// Every attribute as a `String` pair, for rarely used elements.
    func written() -> [WrittenAttribute] {
        (0..<count).map {
            WrittenAttribute(name: String(cString: name($0)), value: String(decoding: value($0), as: UTF8.self))
        }
    }
}
