#if SyncClient
import Foundation

/// Writes samples as `POST /api/healthkit/samples` takes them (the document's `Sample`).
///
/// Dates are written to the second, with the offset of `timeZone` (or the sample's own,
/// ``HealthSample/utcOffsetSeconds``), as an export writes them: the identity rule reads whole
/// UTC seconds, and the statistics' days follow the offset.
public struct SampleEncoder: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The JSON array of `samples`, as the generated client sends it.
    public func encode(_ samples: [HealthSample]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(payload(samples))
    }

    /// The generated client's body for `samples`.
    func payload(_ samples: [HealthSample]) -> [Components.Schemas.Sample] {
        let own = Self.formatter(timeZone)
        var byOffset: [Int: ISO8601DateFormatter] = [:]
        return samples.map { sample in
            guard let offset = sample.utcOffsetSeconds, let zone = TimeZone(secondsFromGMT: offset) else {
                return payload(for: sample, formatter: own)
            }
            if byOffset[offset] == nil { byOffset[offset] = Self.formatter(zone) }
            return payload(for: sample, formatter: byOffset[offset]!)
        }
    }

    private static func formatter(_ zone: TimeZone) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = zone
        return formatter
    }

    func payload(for sample: HealthSample, formatter: ISO8601DateFormatter) -> Components.Schemas.Sample {
        var payload = Components.Schemas.Sample(
            _type: sample.type, healthKitUUID: sample.healthKitUUID.uuidString,
            start: formatter.string(from: Self.wholeSecond(sample.start)),
            end: formatter.string(from: Self.wholeSecond(sample.end)),
            created: sample.created.map { formatter.string(from: Self.wholeSecond($0)) },
            sourceName: sample.sourceName, sourceVersion: sample.sourceVersion, device: sample.device,
            metadata: sample.metadata.isEmpty ? nil : .init(additionalProperties: sample.metadata))
        switch sample.value {
        case .quantity(let value, let unit):
            payload.kind = sample.type == "HKQuantityTypeIdentifierBodyMass" ? .weight : .quantity
            payload.value = .case1(value)
            payload.unit = unit
        case .category(let name, let rawValue):
            payload.kind = .category
            payload.rawValue = rawValue
            payload.value = name.map { .case2($0) }
        }
        return payload
    }

    /// The export writes seconds, truncated.
    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
    }
}
#endif
