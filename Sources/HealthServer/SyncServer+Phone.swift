#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthPostgres
import Hummingbird

/// The phone's routes: `POST /api/healthkit/samples` keeping each sample's `healthKitUUID`
/// (beside its content UUID, which stays the export's), and `POST /api/healthkit/deletions`.
extension SyncServer {
    /// `POST /api/healthkit/samples`: a JSON array (up to 1000) or JSON lines of samples, each
    /// with its `healthKitUUID` kept when the phone sends one.
    @Sendable func uploadPhoneSamples(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .write)
        let objects = try Self.parseSamples(try await collect(request, what: "the samples"))
        var identity = RecordIdentity()
        var records: [IdentifiedRecord] = []
        var healthKitUUIDs: [String?] = []
        records.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            do {
                let record = try SampleDecoder.record(object.value)
                records.append(IdentifiedRecord(record: record, id: identity.id(of: record)))
                let given = (object.value as? [String: Any])?["healthKitUUID"] as? String
                healthKitUUIDs.append(try given.map { try Self.healthKitUUID($0, line: object.line) })
            } catch let error as SampleDecoder.Failure {
                throw ServerFailure(.badRequest, "body:\(object.line): error: \(error.message) (sample \(index + 1))")
            }
        }
        let (already, updated) = try await withImportLock(of: person) { store in
            try await store.insertPhoneSamples(records, healthKitUUIDs: healthKitUUIDs)
        }
        let new = records.count - already - updated
        await notifyWebhooks(
            person: person, received: records.count, new: new, updated: updated,
            starts: records.compactMap { $0.record.start?.secondsSince1970 })
        var out = JSONBuffer(capacity: 256)
        out.beginObject()
        out.field("received", records.count)
        out.field("new", new)
        out.field("updated", updated)
        out.field("alreadyImported", already)
        out.endObject()
        return Reply.json(out.text)
    }

    /// `POST /api/healthkit/deletions`: a JSON array of HealthKit UUIDs (up to 1000) of samples
    /// the phone deleted; answers `{"received", "deleted", "unknown"}`.
    @Sendable func deletePhoneSamples(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .write)
        let data = try await collect(request, what: "the deletions")
        guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw ServerFailure(.badRequest, "body: error: send a JSON array of the deleted samples' HealthKit UUIDs")
        }
        guard array.count <= Self.samplesPerRequest else {
            throw ServerFailure(
                .contentTooLarge, "\(array.count) deletions: send at most \(Self.samplesPerRequest) per request")
        }
        var uuids: [String] = []
        for (index, item) in array.enumerated() {
            guard let text = item as? String else {
                throw ServerFailure(.badRequest, "body:\(index + 1): error: a deletion is a UUID string")
            }
            uuids.append(try Self.healthKitUUID(text, line: index + 1))
        }
        let result = try await withImportLock(of: person) { store in try await store.deletePhoneSamples(uuids) }
        var out = JSONBuffer(capacity: 128)
        out.beginObject()
        out.field("received", uuids.count)
        out.field("deleted", result.deleted)
        out.field("unknown", result.unknown)
        out.endObject()
        return Reply.json(out.text)
    }

    private static func healthKitUUID(_ text: String, line: Int) throws -> String {
        guard let uuid = UUID(uuidString: text) else {
            throw ServerFailure(.badRequest, "body:\(line): error: healthKitUUID '\(text)' is not a UUID")
        }
        return uuid.uuidString
    }

    private func collect(_ request: Request, what: String) async throws -> Data {
        try refuseOversized(request)
        var request = request
        let limit = min(configuration.maxUpload, 16 << 20)
        do {
            return Data(try await request.collectBody(upTo: limit).readableBytesView)
        } catch {
            throw ServerFailure(
                .contentTooLarge,
                "\(what) are larger than \(limit) bytes: send at most \(Self.samplesPerRequest) per request")
        }
    }

    /// Runs `work` on a store of `person`'s holding their import lock (409 while another upload
    /// runs, after two seconds: the phone's requests of one sync come back to back).
    private func withImportLock<Result: Sendable>(
        of person: String, _ work: (PostgresStore) async throws -> Result
    ) async throws -> Result {
        try await withConnection(of: person) { store in
            guard let result = try await store.withImportLock(waiting: .seconds(2), { try await work(store) }) else {
                throw ServerFailure(
                    .conflict, "an upload for \(person) is already running; send these when it has finished",
                    retryAfter: 2)
            }
            return result
        }
    }
}
#endif
