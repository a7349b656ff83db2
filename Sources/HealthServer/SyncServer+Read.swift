#if PostgreSQL
import HealthCore
import HealthExport
import HealthPostgres
import Hummingbird

/// The reading routes: `records` (JSON lines) and `status` (`status --json`).
extension SyncServer {
    /// `GET /api/healthkit/status`.
    @Sendable func status(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        let store = try await PostgresStore.connect(url: configuration.readURL, person: person, migrate: false)
        do {
            let status = try await store.status()
            await store.close()
            return Reply.json(configuration.statusJSON(status))
        } catch {
            await store.close()
            throw error
        }
    }

    /// `GET /api/healthkit/records?type=...&since=...`: the person's records as JSON lines, streamed.
    @Sendable func records(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        let parameters = request.uri.queryParameters
        let types = parameters.getAll("type").map { String($0) }
        let selection: TypeSelection
        do {
            selection = types.isEmpty ? .everything : try TypeSelection(types)
        } catch {
            throw ServerFailure(.badRequest, "\(error)")
        }
        var since: Int64?
        if let text = parameters.get("since") {
            if let day = TimestampParser.parseDay(text) {
                since = Int64(day.daysSince1970) * 86_400
            } else if let instant = TimestampParser.parse(text) {
                since = instant.secondsSince1970
            } else {
                throw ServerFailure(.badRequest, "since '\(text)' is not a date: write it as yyyy-MM-dd")
            }
        }
        let store = try await PostgresStore.connect(url: configuration.readURL, person: person, migrate: false)
        let start = since
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody { writer in
                do {
                    var buffer = ByteBuffer()
                    try await store.streamRecords(selection: selection, since: start) { line in
                        buffer.writeString(line)
                        buffer.writeInteger(UInt8(ascii: "\n"))
                        if buffer.readableBytes >= 1 << 16 {
                            try await writer.write(buffer)
                            buffer.clear()
                        }
                    }
                    if buffer.readableBytes > 0 { try await writer.write(buffer) }
                    try await writer.finish(nil)
                } catch {
                    await store.close()
                    throw error
                }
                await store.close()
            })
    }
}
#endif
