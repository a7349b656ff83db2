import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthPostgres
import Hummingbird

/// `POST /api/healthkit/samples`: a JSON array (up to 1000) or JSON lines of samples.
extension SyncServer {
    static let samplesPerRequest = 1_000

    @Sendable func uploadSamples(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .write)
        try refuseOversized(request)
        var request = request
        let limit = min(configuration.maxUpload, 16 << 20)
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw ServerFailure(
                .contentTooLarge,
                "the samples are larger than \(limit) bytes: send at most \(Self.samplesPerRequest) per request")
        }
        let objects = try Self.parseSamples(Data(body.readableBytesView))
        var identity = RecordIdentity()
        var records: [IdentifiedRecord] = []
        records.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            do {
                let record = try SampleDecoder.record(object.value)
                records.append(IdentifiedRecord(record: record, id: identity.id(of: record)))
            } catch {
                throw ServerFailure(.badRequest, "body:\(object.line): error: \(error.message) (sample \(index + 1))")
            }
        }
        let store = try await PostgresStore.connect(url: configuration.url, person: person, migrate: false)
        do {
            guard try await store.tryImportLock() else {
                throw ServerFailure(
                    .conflict, "an upload for \(person) is already running; send these samples when it has finished")
            }
            let duplicates = try await store.insertRecords(records)
            await store.close()
            let already = duplicates.values.reduce(0, +)
            await notifyWebhooks(
                person: person, received: records.count, new: records.count - already,
                starts: records.compactMap { $0.record.start?.secondsSince1970 })
            var out = JSONBuffer(capacity: 256)
            out.beginObject()
            out.field("received", records.count)
            out.field("new", records.count - already)
            out.field("alreadyImported", already)
            out.endObject()
            return Reply.json(out.text)
        } catch {
            await store.close()
            throw error
        }
    }

    /// The objects of a JSON array or of JSON lines, each with its line (or array position).
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
