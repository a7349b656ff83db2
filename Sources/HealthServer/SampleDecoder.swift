#if PostgreSQL
import Foundation
import HealthExport
import HealthStatistics

/// Turns the samples an app uploads, objects in the `records` schema (docs/json-lines.md), into
/// records: `quantity`, `weight` and `category`, with or without `uuid` (the content UUID is
/// computed by the export's rule, whatever the client sent).
///
/// Keys: `type`, `start`, `end` (ISO 8601 with offset or `Z`), `sourceName`, and as the kind
/// needs `value`, `unit`, `kilograms`, `valueText`, `rawValue`; optional `kind` (else taken
/// from the type), `sourceVersion`, `created`, `metadata` (an object of strings).
enum SampleDecoder {
    struct Failure: Error {
        var message: String
    }

    static func record(_ object: Any) throws(Failure) -> HealthRecord {
        guard let fields = object as? [String: Any] else { throw Failure(message: "a sample is a JSON object") }
        guard let type = fields["type"] as? String, !type.isEmpty else { throw Failure(message: "type is missing") }
        let start = try timestamp(fields, "start", required: true)!
        let end = try timestamp(fields, "end", required: false) ?? start
        guard end >= start else { throw Failure(message: "end is before start") }
        let header = SampleHeader(
            type: type, sourceName: fields["sourceName"] as? String ?? "",
            sourceVersion: fields["sourceVersion"] as? String,
            creationDate: try timestamp(fields, "created", required: false), startDate: start, endDate: end)
        let metadata = try Self.metadata(fields["metadata"])
        // Body mass is a weight however it is sent, so that its statistics find it.
        let kind =
            type == "HKQuantityTypeIdentifierBodyMass" ? "weight" : fields["kind"] as? String ?? defaultKind(type)
        switch kind {
        case "weight":
            let unit = fields["unit"] as? String ?? "kg"
            let given = try number(fields, "kilograms")
            guard let value = try number(fields, "value") ?? given else {
                throw Failure(message: "a weight needs value (and unit) or kilograms")
            }
            guard let kilograms = given ?? UnitConversion.kilograms(value, unit: unit) else {
                throw Failure(message: "unit '\(unit)' is not a mass")
            }
            return .weight(
                WeightSample(header: header, kilograms: kilograms, value: value, unit: unit, metadata: metadata))
        case "quantity":
            let value = try number(fields, "value")
            let valueText = fields["valueText"] as? String
            guard value != nil || valueText != nil else { throw Failure(message: "a quantity needs a numeric value") }
            let unit = fields["unit"] as? String
            guard StatisticsUnits.canMeasure(type: type, in: unit) else {
                throw Failure(
                    message:
                        "unit '\(unit ?? "")' does not measure \(type) (\(StatisticsUnits(type: type, firstUnit: nil).unit))"
                )
            }
            return .quantity(
                QuantitySample(
                    header: header, value: value, unit: fields["unit"] as? String, valueText: valueText,
                    metadata: metadata))
        case "category":
            let raw = try number(fields, "rawValue").map { Int($0) }
            // Without either, as the export writes a mindful session (HealthKit's "not applicable").
            let value = fields["value"] as? String
            return .category(CategorySample(header: header, value: value, rawValue: raw, metadata: metadata))
        default:
            throw Failure(message: "kind '\(kind)' cannot be uploaded as a sample (quantity, weight or category)")
        }
    }

    static func defaultKind(_ type: String) -> String {
        if type == "HKQuantityTypeIdentifierBodyMass" { return "weight" }
        if type.hasPrefix("HKCategoryTypeIdentifier") { return "category" }
        return "quantity"
    }

    private static func timestamp(_ fields: [String: Any], _ key: String, required: Bool) throws(Failure)
        -> ExportTimestamp?
    {
        guard let value = fields[key], !(value is NSNull) else {
            if required { throw Failure(message: "\(key) is missing") }
            return nil
        }
        guard let text = value as? String, let parsed = TimestampParser.parse(text) else {
            throw Failure(message: "\(key) is not a date with an offset (2024-10-25T07:04:44-05:00)")
        }
        return parsed
    }

    private static func number(_ fields: [String: Any], _ key: String) throws(Failure) -> Double? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard type(of: value) != Bool.self, let number = value as? NSNumber, number.doubleValue.isFinite else {
            throw Failure(message: "\(key) is not a number")
        }
        return number.doubleValue
    }

    private static func metadata(_ value: Any?) throws(Failure) -> [MetadataEntry] {
        guard let value, !(value is NSNull) else { return [] }
        guard let object = value as? [String: Any] else { throw Failure(message: "metadata is not an object") }
        return object.keys.sorted().map { key in
            let item = object[key]!
            return MetadataEntry(key: key, value: item as? String ?? "\(item)")
        }
    }
}
#endif
