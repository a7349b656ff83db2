#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthPostgres
import Hummingbird

/// Reading the samples of `POST /api/healthkit/samples` (see `uploadPhoneSamples`).
extension SyncServer {
    static let samplesPerRequest = 1_000

    /// The objects of a JSON array, of one JSON object or of JSON lines, each with its line (or
    /// array position).
    static func parseSamples(_ data: Data) throws -> [(line: Int, value: Any)] {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw ServerFailure(.badRequest, "body: error: no samples: send a JSON array or JSON lines")
        }
        if first == UInt8(ascii: "[") {
            guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
                throw ServerFailure(.badRequest, "body: error: malformed JSON: expected an array of samples")
            }
            guard array.count <= samplesPerRequest else {
                throw ServerFailure(
                    .contentTooLarge, "\(array.count) samples: send at most \(samplesPerRequest) per request")
            }
            return array.enumerated().map { (line: $0.offset + 1, value: $0.element) }
        }
        // One sample object, on one line or over several (a generated client pretty-prints it).
        if first == UInt8(ascii: "{"), let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
            return [(line: 1, value: object)]
        }
        var objects: [(line: Int, value: Any)] = []
        for (number, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { ![0x20, 0x0D, 0x09].contains($0) }) else { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) else {
                throw ServerFailure(.badRequest, "body:\(number + 1): error: malformed JSON")
            }
            objects.append((number + 1, object))
            guard objects.count <= samplesPerRequest else {
                throw ServerFailure(
                    .contentTooLarge,
                    "more than \(samplesPerRequest) samples: send at most \(samplesPerRequest) per request")
            }
        }
        return objects
    }
}
#endif
