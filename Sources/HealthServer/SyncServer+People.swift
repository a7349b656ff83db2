#if PostgreSQL
import Foundation
import HealthCore
import HealthJSON
import HealthParquetPostgres
import HealthPostgres
import Hummingbird

/// A person's own data: erase it (their key, or the admin's) and export it.
extension SyncServer {
    /// `DELETE /api/people/me?confirm=erase`: erases the key's person (a write or admin key).
    @Sendable func eraseMe(_ request: Request) async throws -> Response {
        let key = try await caller(request, needs: .write)
        guard request.uri.queryParameters.get("confirm") == "erase" else {
            throw ServerFailure(
                .badRequest, "erasing every row of \(key.person) needs ?confirm=erase: it cannot be undone")
        }
        guard let erasure = try await erase(key.person, requestedBy: "key \(key.id) (\(key.person))") else {
            throw ServerFailure(.notFound, "nothing of \(key.person) to erase")
        }
        return Reply.json(Self.json(erasure))
    }

    /// `DELETE /api/admin/people/{name}`: erases anyone (the admin token or an admin key).
    @Sendable func erasePerson(_ request: Request) async throws -> Response {
        let who = try await authenticateAdmin(request)
        let prefix = "/api/admin/people/"
        // One segment of the path, decoded: a name with a slash comes as %2F.
        let segment = request.uri.path.hasPrefix(prefix) ? String(request.uri.path.dropFirst(prefix.count)) : ""
        guard !segment.contains("/"), let name = segment.removingPercentEncoding, !name.isEmpty else {
            throw ServerFailure(.badRequest, "the path names no person: DELETE /api/admin/people/NAME")
        }
        guard let erasure = try await erase(name, requestedBy: who) else {
            throw ServerFailure(.notFound, "no person \(name) and no rows of theirs (healthimport people list)")
        }
        return Reply.json(Self.json(erasure))
    }

    private func erase(_ person: String, requestedBy: String) async throws -> Erasure? {
        let (uploads, erasure) = try await withConnection(of: person) { store in
            (try await store.uploadIDs(of: person), try await store.erase(requestedBy: requestedBy))
        }
        if erasure != nil {
            // Their resumable uploads' rows went with the rest; their parts go too.
            for id in uploads { try? FileManager.default.removeItem(atPath: partPath(id)) }
            logger.notice("erased \(person)'s rows", metadata: ["requestedBy": "\(requestedBy)"])
        }
        return erasure
    }

    /// The answer to an erasure: who, the audit row and the rows per table.
    static func json(_ erasure: Erasure) -> String {
        var out = JSONBuffer(capacity: 1024)
        out.beginObject()
        out.field("person", erasure.person)
        out.key("erasureId")
        out.integer(Int(erasure.auditID))
        out.field("requestedBy", erasure.requestedBy)
        out.field("requested", erasure.requested)
        out.key("total")
        out.integer(erasure.total)
        out.key("rows")
        out.beginObject()
        for row in erasure.rows {
            out.key(row.table)
            out.integer(row.count)
        }
        out.endObject()
        out.endObject()
        return out.text
    }

    /// `GET /api/people/me/export`: the key's person's records as a zip of JSON lines and Parquet
    /// tables, streamed.
    @Sendable func exportMe(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .read)
        let store = try await PostgresStore.connect(url: configuration.url, person: person, migrate: false)
        let scratch = configuration.spoolFolder
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip",
                .contentDisposition: "attachment; filename=\"healthimport-\(person).zip\"",
            ],
            body: ResponseBody { writer in
                do {
                    _ = try await PersonExportZip.write(store, scratchFolder: scratch) { bytes in
                        try await writer.write(ByteBuffer(bytes: bytes))
                    }
                    try await writer.finish(nil)
                } catch {
                    await store.close()
                    throw error
                }
                await store.close()
            })
    }

    /// `GET /openapi.yaml`: the API's contract (`docs/openapi.yaml`), no key needed.
    @Sendable func openAPI(_ request: Request) async throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/yaml"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml + "\n")))
    }
}
#endif
