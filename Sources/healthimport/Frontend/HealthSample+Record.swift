#if PostgreSQL
import Foundation
import HealthExport
import HealthSyncClient

extension HealthSample {
    /// The HealthKit sample an export's quantity, weight or category record was; `nil` for
    /// other kinds and for quantities without a number. `id` stands in for HealthKit's UUID.
    init?(record: HealthRecord, id: String) {
        let header: SampleHeader
        let value: Value
        let metadata: [MetadataEntry]
        switch record {
        case .quantity(let sample):
            guard let number = sample.value else { return nil }
            header = sample.header
            value = .quantity(number, unit: sample.unit ?? "")
            metadata = sample.metadata
        case .weight(let sample):
            header = sample.header
            value = .quantity(sample.value, unit: sample.unit)
            metadata = sample.metadata
        case .category(let sample):
            header = sample.header
            value = .category(name: sample.value, rawValue: sample.rawValue)
            metadata = sample.metadata
        default:
            return nil
        }
        self.init(
            healthKitUUID: UUID(uuidString: id) ?? UUID(), type: header.type, sourceName: header.sourceName,
            sourceVersion: header.sourceVersion, start: Self.date(header.startDate), end: Self.date(header.endDate),
            created: header.creationDate.map(Self.date), value: value,
            metadata: Dictionary(metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }),
            utcOffsetSeconds: Int(header.startDate.offsetMinutes) * 60)
    }

    private static func date(_ timestamp: ExportTimestamp) -> Date {
        Date(timeIntervalSince1970: TimeInterval(timestamp.secondsSince1970))
    }
}
#endif
