#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthParquetPostgres
import HealthPostgres

/// The import of a resumable upload whose last byte came, and the sweep of expired ones.
extension SyncServer {
    /// How many times an import that failed for the server's reasons (the database went away)
    /// starts again before the upload is marked failed.
    static let uploadImportAttempts = 3

    /// Starts importing upload `id` of `person` in a task of its own, unless this process runs
    /// it already. Once it has an import slot it takes the person's import lock: `waitingForLock`
    /// tries again every second, giving the slot back meanwhile (another upload of theirs
    /// runs), otherwise the import is left to whoever holds it.
    func startUploadImport(person: String, id: String, waitingForLock: Bool) {
        uploadImports.start(id) { [self] in
            do {
                try await importUpload(person: person, id: id, waitingForLock: waitingForLock)
            } catch {
                logger.warning("the import of upload \(id) stopped: \(error)")
            }
        }
    }

    private func importUpload(person: String, id: String, waitingForLock: Bool) async throws {
        while true {
            // A server shutting down leaves the upload to the next one (as does a cancelled wait).
            guard (try? await importSlots.acquire()) != nil else { return }
            let locked: Bool
            do {
                defer { importSlots.release() }
                locked =
                    try await withConnection(of: person, allOrNothing: true) { store in
                        try await store.withImportLock { try await importUpload(id: id, store: store) }
                    } != nil
            }
            guard !locked, waitingForLock, !uploadImports.isStopping else { return }
            try await Task.sleep(for: .seconds(1))
            let waiting: Set<ResumableUpload.State> = [.received, .importing]
            guard let upload = try await directory.upload(person: person, id: id), waiting.contains(upload.state)
            else { return }
        }
    }

    /// Imports upload `id` on `store`, which holds its person's import lock and an import slot.
    private func importUpload(id: String, store: PostgresStore) async throws {
        let person = store.person
        // Holding the person's lock, no other import of theirs runs: an upload still marked
        // importing is one whose server stopped.
        guard let upload = try await store.claimUploadImport(person: person, id: id) else { return }
        let path = partPath(id)
        let result: ImportResult
        do {
            let options = try await importOptions(window: upload.window, person: person)
            let feed = try UploadFeed.part(at: path)
            do {
                result = try await Self.runImport(feed: feed, store: store, options: options, stop: StopFlag(false))
                await feed.close()
            } catch {
                await feed.close()
                throw error
            }
        } catch {
            let (status, message) = Reply.describe(error)
            let again = status.code >= 500 && upload.attempts < Self.uploadImportAttempts
            logger.warning(
                "the import of upload \(id) failed\(again ? ", to be tried again" : ""): \(message)",
                metadata: ["person": "\(person)"])
            // Left marked importing, it starts again at the next GET or sweep.
            guard !again else { return }
            try await store.finishUpload(
                person: person, id: id, completed: false, status: status.code, result: Reply.errorJSON(message))
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        try await store.finishUpload(
            person: person, id: id, completed: true, status: 200, result: configuration.importJSON(result))
        try? FileManager.default.removeItem(atPath: path)
        logger.notice("imported an upload", metadata: ["person": "\(person)", "id": "\(id)"])
        await notifyWebhooks(person: person, result: result)
    }

    // MARK: The sweep

    /// Sweeps the uploads now and every hour, for as long as the process runs.
    func startUploadSweep() {
        Task.detached { [self] in
            while true {
                await sweepUploads()
                try? await Task.sleep(for: .seconds(3600))
            }
        }
    }

    /// Drops expired uploads (their rows, and their parts in the spool folder), drops parts
    /// older than an upload lives (left by erased people, or by a server on another database
    /// sharing the folder), and starts the imports a stopped server left.
    func sweepUploads() async {
        do {
            try await withConnection(of: "") { store in
                let now = Int64(Date().timeIntervalSince1970)
                for id in try await store.deleteExpiredUploads(now: now) {
                    try? FileManager.default.removeItem(atPath: partPath(id))
                }
                removeStaleParts(now: now)
                for upload in try await store.unfinishedUploadImports()
                where FileManager.default.fileExists(atPath: partPath(upload.id)) {
                    startUploadImport(person: upload.person, id: upload.id, waitingForLock: false)
                }
            }
        } catch {
            logger.warning("could not sweep the resumable uploads: \(error)")
        }
    }

    /// Removes the parts no upload can still own, and the Parquet folders of exports a killed
    /// server left: untouched for longer than an upload lives.
    private func removeStaleParts(now: Int64) {
        let folder = configuration.spoolFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let oldest = Date(timeIntervalSince1970: TimeInterval(now - configuration.uploadLifetimeSeconds - 3600))
        for name in names where name.hasSuffix(".part") || name.hasPrefix(PersonExportZip.folderPrefix) {
            let path = folder + "/" + name
            if let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date,
                modified < oldest
            {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
#endif
