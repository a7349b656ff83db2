#if PostgreSQL
import Foundation
import HealthCore
import HealthJSON
import HealthPostgres
import Hummingbird

/// Resumable uploads by the tus 1.0 protocol (core, creation and expiration): `POST
/// /api/healthkit/uploads` makes one, `PATCH` of its URL appends at `Upload-Offset`, `HEAD`
/// tells the offset, and once the last byte is there its import starts as a plain upload's
/// would; `GET` of its URL answers the import's result.
extension SyncServer {
    static let uploadsPath = "/api/healthkit/uploads"

    /// `OPTIONS /api/healthkit/uploads`: what this server speaks of the protocol (no key needed).
    @Sendable func uploadOptions(_ request: Request) async throws -> Response {
        var headers = HTTPFields()
        headers[TusHeader.resumable] = TusHeader.version
        headers[TusHeader.versions] = TusHeader.version
        headers[TusHeader.extensionList] = TusHeader.extensions
        headers[TusHeader.maxSize] = "\(configuration.maxUpload)"
        return Response(status: .noContent, headers: headers)
    }

    /// `POST /api/healthkit/uploads` with `Upload-Length` (`?window=` as for a plain upload):
    /// `201` with the new upload's `Location`.
    @Sendable func createUpload(_ request: Request) async throws -> Response {
        try Self.requireTus(request)
        let person = try await authenticate(request, needs: .write)
        if request.headers[TusHeader.uploadDeferLength] != nil {
            throw ServerFailure(.badRequest, "Upload-Defer-Length is not supported: send Upload-Length")
        }
        guard let text = request.headers[TusHeader.uploadLength] else {
            throw ServerFailure(.badRequest, "no Upload-Length: send the export's size in bytes")
        }
        guard let length = Int64(text), length > 0 else {
            throw ServerFailure(.badRequest, "Upload-Length '\(text)' is not a positive number of bytes")
        }
        guard length <= configuration.maxUpload else { throw tooLarge() }
        let window = request.uri.queryParameters.get("window").map { String($0) }
        if let window, Self.parseWindow(window) == nil {
            throw ServerFailure(.badRequest, "window '\(window)' is none of all, days:N, since:yyyy-MM-dd")
        }
        let metadata = request.headers[TusHeader.uploadMetadata]
        if let metadata { try Self.checkMetadata(metadata) }
        let upload = try await directory.createUpload(
            person: person, length: length, metadata: metadata, window: window,
            lifetime: configuration.uploadLifetimeSeconds)
        logger.notice("created an upload", metadata: ["person": "\(person)", "id": "\(upload.id)"])
        var headers = Self.tusHeaders(upload)
        headers[.location] = Self.uploadsPath + "/" + upload.id
        return Response(status: .created, headers: headers)
    }

    /// `HEAD /api/healthkit/uploads/{id}`: how many bytes the server has.
    @Sendable func uploadOffset(_ request: Request) async throws -> Response {
        try Self.requireTus(request)
        let upload = try await ownUpload(request, needs: .read)
        var headers = Self.tusHeaders(upload)
        headers[TusHeader.uploadLength] = "\(upload.length)"
        if let metadata = upload.metadata { headers[TusHeader.uploadMetadata] = metadata }
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers)
    }

    /// `PATCH /api/healthkit/uploads/{id}` with `Upload-Offset`: appends the body; `204` with
    /// the new offset. The last byte starts the import.
    @Sendable func appendToUpload(_ request: Request) async throws -> Response {
        try Self.requireTus(request)
        let person = try await authenticate(request, needs: .write)
        let id = try Self.uploadID(request)
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/offset+octet-stream") == true else {
            throw ServerFailure(.unsupportedMediaType, "a PATCH's Content-Type is application/offset+octet-stream")
        }
        guard let text = request.headers[TusHeader.uploadOffset], let offset = Int64(text), offset >= 0 else {
            throw ServerFailure(.badRequest, "no Upload-Offset: send the offset HEAD tells")
        }
        // A connection of its own: the upload's lock lives as long as it.
        return try await withConnection(of: person) { store in
            try await append(request, to: id, of: person, at: offset, store: store)
        }
    }

    private func append(
        _ request: Request, to id: String, of person: String, at offset: Int64, store: PostgresStore
    ) async throws -> Response {
        guard try await store.upload(person: person, id: id) != nil else { throw Self.noUpload(id) }
        guard try await store.tryUploadLock(id: id) else {
            throw ServerFailure(
                .conflict, "another request is appending to upload \(id); send this one when it ends", retryAfter: 2)
        }
        // Read again, holding the lock: the request that had it may have moved the offset.
        guard let upload = try await store.upload(person: person, id: id) else { throw Self.noUpload(id) }
        guard offset == upload.offset else {
            throw ServerFailure(
                .conflict, "Upload-Offset \(offset) is not the upload's offset \(upload.offset) (HEAD tells it)")
        }
        let announced = request.headers[.contentLength].flatMap { Int64($0) }
        guard upload.state == .receiving else {
            // Every byte is there: a repeat of the last PATCH (its answer lost) changes nothing.
            if let announced, announced > 0 { throw pastLength(upload) }
            return Response(status: .noContent, headers: Self.tusHeaders(upload))
        }
        guard upload.expiresUnix > Int64(Date().timeIntervalSince1970) else { throw Self.expired(upload) }
        if let announced, announced > upload.length - offset { throw pastLength(upload) }

        let path = partPath(id)
        let feed = try UploadFeed.part(at: path, offset: offset)
        var received: Int64 = 0
        var interruption: (any Error)?
        do {
            for try await chunk in request.body {
                guard Int64(chunk.readableBytes) <= upload.length - offset - received else {
                    throw pastLength(upload)
                }
                _ = try await feed.write(chunk)
                received += Int64(chunk.readableBytes)
            }
        } catch {
            // What arrived before the break stays: the client goes on from there.
            interruption = error
        }
        do {
            try await feed.synchronize()
        } catch {
            await feed.close()
            throw error
        }
        await feed.close()
        var current = upload
        current.offset = offset + received
        let complete = current.offset == upload.length
        if complete { current.state = .received }
        guard try await store.recordReceived(person: person, id: id, offset: current.offset, complete: complete)
        else {
            try? FileManager.default.removeItem(atPath: path)
            throw Self.noUpload(id)
        }
        if let interruption { throw interruption }
        if complete {
            logger.notice("received an upload", metadata: ["person": "\(person)", "id": "\(id)"])
            startUploadImport(person: person, id: id, waitingForLock: true)
        }
        return Response(status: .noContent, headers: Self.tusHeaders(current))
    }

    /// `GET /api/healthkit/uploads/{id}`: the import's answer once it has finished (the plain
    /// upload's object, or its error with its status), else `202` with where the upload is.
    @Sendable func uploadResult(_ request: Request) async throws -> Response {
        let upload = try await ownUpload(request, needs: .read)
        switch upload.state {
        case .completed, .failed:
            let status = HTTPResponse.Status(code: upload.resultStatus ?? 200)
            return Reply.json(upload.result ?? "{}", status: status)
        case .received, .importing:
            // Its import waits here for the person's lock, or stopped with a server: start it.
            startUploadImport(person: upload.person, id: upload.id, waitingForLock: false)
        case .receiving:
            break
        }
        var out = JSONBuffer(capacity: 256)
        out.beginObject()
        out.field("id", upload.id)
        out.field("state", upload.state.rawValue)
        out.key("uploadOffset")
        out.integer(Int(upload.offset))
        out.key("uploadLength")
        out.integer(Int(upload.length))
        out.field("created", upload.created)
        out.endObject()
        return Reply.json(out.text, status: .accepted)
    }

    // MARK: Helpers

    /// The part file of upload `id` in the spool folder.
    func partPath(_ id: String) -> String { configuration.spoolFolder + "/" + id + ".part" }

    /// The upload the request's path names, if it is the key's person's (404 otherwise).
    private func ownUpload(_ request: Request, needs scope: KeyScope) async throws -> ResumableUpload {
        let person = try await authenticate(request, needs: scope)
        let id = try Self.uploadID(request)
        guard let upload = try await directory.upload(person: person, id: id) else { throw Self.noUpload(id) }
        if upload.state == .receiving, upload.expiresUnix <= Int64(Date().timeIntervalSince1970) {
            throw Self.expired(upload)
        }
        return upload
    }

    static func uploadID(_ request: Request) throws -> String {
        let prefix = uploadsPath + "/"
        let path = request.uri.path
        guard path.hasPrefix(prefix), case let id = path.dropFirst(prefix.count),
            id.count == 32, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else {
            throw ServerFailure(.notFound, "no upload at \(path)")
        }
        return String(id)
    }

    static func noUpload(_ id: String) -> ServerFailure {
        ServerFailure(.notFound, "no upload \(id) of this key's person")
    }

    static func expired(_ upload: ResumableUpload) -> ServerFailure {
        ServerFailure(.gone, "upload \(upload.id) expired at \(HTTPDate.format(upload.expiresUnix)): start again")
    }

    func pastLength(_ upload: ResumableUpload) -> ServerFailure {
        ServerFailure(.contentTooLarge, "the body goes past the upload's length (Upload-Length \(upload.length))")
    }

    /// 412 unless the request speaks tus 1.0.0 (`Tus-Resumable`).
    static func requireTus(_ request: Request) throws {
        guard request.headers[TusHeader.resumable] == TusHeader.version else {
            throw ServerFailure(
                .preconditionFailed, "this route speaks the tus protocol: send Tus-Resumable: \(TusHeader.version)")
        }
    }

    /// `Upload-Offset` and, while bytes are to come, `Upload-Expires`.
    static func tusHeaders(_ upload: ResumableUpload) -> HTTPFields {
        var headers = HTTPFields()
        headers[TusHeader.uploadOffset] = "\(upload.offset)"
        if upload.state == .receiving { headers[TusHeader.uploadExpires] = HTTPDate.format(upload.expiresUnix) }
        return headers
    }

    /// 400 unless `metadata` is tus's comma-separated `key base64value` pairs (at most 4 KiB).
    static func checkMetadata(_ metadata: String) throws {
        guard metadata.utf8.count <= 4096 else {
            throw ServerFailure(.badRequest, "Upload-Metadata is longer than 4 KiB")
        }
        var keys = Set<Substring>()
        for pair in metadata.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
            guard (1...2).contains(parts.count), keys.insert(parts[0]).inserted,
                parts.count == 1 || Data(base64Encoded: String(parts[1])) != nil
            else {
                throw ServerFailure(
                    .badRequest, "Upload-Metadata is not comma-separated 'key base64value' pairs with distinct keys")
            }
        }
    }
}
#endif
