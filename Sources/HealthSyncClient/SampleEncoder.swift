import Foundation

/// Writes samples as the JSON array `POST /api/healthkit/samples` takes.
///
/// Dates are written to the second, with the offset of `timeZone`, as an export writes them:
/// the identity rule reads whole UTC seconds, and the statistics' days follow the offset.
public struct SampleEncoder: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The JSON array of `samples`.
    public func encode(_ samples: [HealthSample]) throws -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = timeZone
        let objects = samples.map { object(for: $0, formatter: formatter) }
        return try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])
    }

    func object(for sample: HealthSample, formatter: ISO8601DateFormatter) -> [String: Any] {
        var object: [String: Any] = [
            "healthKitUUID": sample.healthKitUUID.uuidString,
            "type": sample.type,
            "sourceName": sample.sourceName,
            "start": formatter.string(from: Self.wholeSecond(sample.start)),
            "end": formatter.string(from: Self.wholeSecond(sample.end)),
        ]
        if let version = sample.sourceVersion { object["sourceVersion"] = version }
        if let device = sample.device { object["device"] = device }
        if let created = sample.created { object["created"] = formatter.string(from: Self.wholeSecond(created)) }
        if !sample.metadata.isEmpty { object["metadata"] = sample.metadata }
        switch sample.value {
        case .quantity(let value, let unit):
            object["kind"] = sample.type == "HKQuantityTypeIdentifierBodyMass" ? "weight" : "quantity"
            object["value"] = value
            object["unit"] = unit
        case .category(let name, let rawValue):
            object["kind"] = "category"
            if let rawValue { object["rawValue"] = rawValue }
            if let name { object["value"] = name }
        }
        return object
    }

    /// The export writes seconds, truncated.
    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
    }
}
