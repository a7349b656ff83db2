#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthPostgres
import Hummingbird

/// `POST /api/healthkit/exports`: an export (zip or XML) as the body, imported for the token's person.
extension SyncServer {
    /// Set to stop an import from outside (the body outgrew `--max-upload`).
    typealias StopFlag = Locked<Bool>

    /// An upload's import stopped from outside: its body went past `--max-upload`, or its
    /// client went away before the end.
    struct UploadStopped: Error, CustomStringConvertible {
        var description: String {
            "the upload stopped before its end (the client went away, or it went past --max-upload)"
        }
    }

    @Sendable func uploadExport(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .write)
        try refuseOversized(request)
        let options = try await importOptions(request, person: person)
        let maxWaiting = configuration.maxWaitingUploads
        guard importSlots.admits(maxWaiting: maxWaiting) else { throw ImportSlots.busy(importSlots.counts.waiting) }
        guard uploadingPeople.withLock({ $0.insert(person).inserted }) else { throw Self.alreadyUploading(person) }
        defer { _ = uploadingPeople.withLock { $0.remove(person) } }
        // The database connection and the person's lock are taken once a slot is free: a
        // waiting upload holds neither.
        let result = try await importSlots.withSlot(maxWaiting: maxWaiting) {
            try await withConnection(of: person, allOrNothing: true) { store in
                guard
                    let result = try await store.withImportLock({
                        try await receive(request, into: store, options: options)
                    })
                else { throw Self.alreadyUploading(person) }
                return result
            }
        }
        await notifyWebhooks(person: person, result: result)
        return Reply.json(configuration.importJSON(result))
    }

    /// 409: another upload of `person` runs or waits.
    static func alreadyUploading(_ person: String) -> ServerFailure {
        ServerFailure(
            .conflict, "an upload for \(person) is already running; send this one when it has finished", retryAfter: 5)
    }

    /// 413 when the request announces more than `--max-upload` bytes.
    func refuseOversized(_ request: Request) throws {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > configuration.maxUpload {
            throw tooLarge()
        }
    }

    func tooLarge() -> ServerFailure {
        ServerFailure(
            .contentTooLarge,
            "the upload is larger than this server takes (--max-upload \(configuration.maxUpload) bytes)")
    }

    /// The run's options: `?window=all|days:N|since:yyyy-MM-dd`, else the backfill window while
    /// the person's backfill is needed, else their anchors.
    func importOptions(_ request: Request, person: String) async throws -> ImportOptions {
        try await importOptions(window: request.uri.queryParameters.get("window").map { String($0) }, person: person)
    }

    /// The run's options for the window `text` (`nil`: the backfill window or the anchors).
    func importOptions(window text: String?, person: String) async throws -> ImportOptions {
        var options = ImportOptions()
        if let text {
            guard let window = Self.parseWindow(text) else {
                throw ServerFailure(.badRequest, "window '\(text)' is none of all, days:N, since:yyyy-MM-dd")
            }
            options.window = window
            options.windowGiven = true
        } else if try await !directory.backfill(of: person).complete {
            options.window = .since(Self.recommendedStart())
            options.windowGiven = true
        }
        return options
    }

    static func parseWindow(_ text: String) -> ImportWindow? {
        if text == "all" { return .all }
        if text.hasPrefix("days:"), let days = Int(text.dropFirst(5)), days > 0 { return .days(days) }
        if text.hasPrefix("since:"), let day = TimestampParser.parseDay(String(text.dropFirst(6))) {
            return .since(day)
        }
        return nil
    }

    /// Streams the body to the reader (a pipe for XML, a spooled file for a zip) and imports it.
    private func receive(_ request: Request, into store: PostgresStore, options: ImportOptions) async throws
        -> ImportResult
    {
        var body = request.body.makeAsyncIterator()
        var head = ByteBuffer()
        while head.readableBytes < 4, var chunk = try await body.next() { head.writeBuffer(&chunk) }
        guard head.readableBytes > 0 else {
            throw ServerFailure(.badRequest, "upload: error: the body is empty, not a Health export")
        }
        let limit = configuration.maxUpload
        guard head.readableBytes <= limit else { throw tooLarge() }
        let isZip = head.readableBytesView.starts(with: [0x50, 0x4B])
        let feed = try isZip ? UploadFeed.spool(in: configuration.spoolFolder) : UploadFeed.pipe()
        let stop = StopFlag(false)
        var received = head.readableBytes
        var oversized = false
        do {
            let outcome: ImportResult
            if isZip {
                _ = try await feed.write(head)
                while let chunk = try await body.next() {
                    received += chunk.readableBytes
                    if received > limit { throw tooLarge() }
                    _ = try await feed.write(chunk)
                }
                outcome = try await Self.runImport(feed: feed, store: store, options: options, stop: stop)
            } else {
                async let running = Self.runImport(feed: feed, store: store, options: options, stop: stop)
                do {
                    if try await feed.write(head) {
                        while let chunk = try await body.next() {
                            received += chunk.readableBytes
                            if received > limit {
                                oversized = true
                                stop.store(true)
                                break
                            }
                            guard try await feed.write(chunk) else { break }
                        }
                    }
                } catch {
                    stop.store(true)
                    await feed.finishWriting()
                    _ = try? await running
                    throw error
                }
                await feed.finishWriting()
                do {
                    outcome = try await running
                } catch {
                    if oversized { throw tooLarge() }
                    throw error
                }
            }
            await feed.close()
            return outcome
        } catch let error as ExportError {
            await feed.close()
            throw ServerFailure(.badRequest, error.description)
        } catch {
            await feed.close()
            throw error
        }
    }

    /// Imports what the reader finds in `feed`, on a thread of its own.
    static func runImport(
        feed: UploadFeed, store: PostgresStore, options: ImportOptions, stop: StopFlag
    ) async throws -> ImportResult {
        try await WorkerThread.run(name: "upload-import") {
            defer { if !feed.spooled { feed.closeReading() } }
            let package = try feed.openPackage()
            let reader = try package.makeReader()
            let importer = Importer(destination: store)
            importer.checkStop = { if stop.load() { throw UploadStopped() } }
            return try importer.run(reader: reader, input: "upload", signature: nil, options: options)
        }
    }
}
#endif
