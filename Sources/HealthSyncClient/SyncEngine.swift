#if SyncClient
import Foundation

/// Sends a person's HealthKit samples to the sync server as they change: per-type anchors,
/// advanced only after the server acknowledged the batch that reached them; batches of at most
/// 1,000 samples; retries by the ``RetryPolicy``; deletions; change notifications coalesced.
///
/// The first sync of a type starts at the server's `recommendedStartDate` (while the person's
/// backfill is due) or a week back; later syncs continue from the anchor, so a late sample with
/// an old date still arrives. Older history comes with ``backfill(since:)``.
public actor SyncEngine {
    public static let batchLimit = 1_000

    let source: any SampleSource
    let api: SyncAPI
    let anchors: any AnchorStore
    let encoder: SampleEncoder
    let batchSize: Int
    /// The enabled types, in the order they sync.
    public private(set) var types: [String]
    private var running: Task<SyncSummary, any Error>?
    private var rerun = false
    /// Everything this engine sent and the server's answers: syncs, background syncs and backfills.
    public private(set) var total = SyncSummary()
    /// The result of the last sync a change notification started.
    public private(set) var lastResult: Result<SyncSummary, any Error>?

    /// `types` are HealthKit type identifiers; `batchSize` is capped at ``batchLimit``.
    public init(
        source: any SampleSource, transport: any SyncTransport, anchors: any AnchorStore, types: [String],
        retry: RetryPolicy = RetryPolicy(), encoder: SampleEncoder = SampleEncoder(), batchSize: Int = batchLimit
    ) {
        self.source = source
        self.api = SyncAPI(transport: transport, retry: retry)
        self.anchors = anchors
        self.types = types
        self.encoder = encoder
        self.batchSize = max(1, min(batchSize, Self.batchLimit))
    }

    /// Starts syncing `type` (its anchor, if it had one, is kept from before).
    public func enable(_ type: String) {
        if !types.contains(type) { types.append(type) }
    }

    /// Stops syncing `type`; its anchor stays, so enabling it again continues where it stopped.
    public func disable(_ type: String) {
        types.removeAll { $0 == type }
    }

    /// Sends every enabled type's changes until the source has none left. A call while a sync
    /// runs joins it and makes it go round once more.
    public func sync() async throws -> SyncSummary {
        if let running {
            rerun = true
            return try await running.value
        }
        let task = Task { try await self.syncUntilQuiet() }
        running = task
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Syncs once, then once per burst of change notifications, until the task is cancelled or
    /// the source's stream ends.
    public func run() async {
        let notifications = await source.changeNotifications()
        startBackgroundSync()
        for await _ in notifications {
            if running != nil { rerun = true } else { startBackgroundSync() }
        }
        if let running { _ = await running.result }
    }

    private func startBackgroundSync() {
        let task = Task { try await self.syncUntilQuiet() }
        running = task
        Task {
            let result = await task.result
            self.noteResult(result)
        }
    }

    private func noteResult(_ result: Result<SyncSummary, any Error>) { lastResult = result }

    private func syncUntilQuiet() async throws -> SyncSummary {
        var total = SyncSummary()
        do {
            repeat {
                rerun = false
                total.add(try await syncOnce())
            } while rerun
        } catch {
            running = nil
            throw error
        }
        running = nil
        return total
    }

    private func syncOnce() async throws -> SyncSummary {
        var summary = SyncSummary()
        var firstStart: Date??
        for type in types {
            let key = "sync:\(type)"
            var anchor = try await anchors.value(for: key)
            var start = try await anchors.value(for: "sync-start:\(type)").flatMap(Self.decodeDate)
            if anchor == nil, start == nil {
                if firstStart == nil { firstStart = try await firstSyncStart() }
                start = firstStart!
                try await anchors.setValue(Self.encodeDate(start!), for: "sync-start:\(type)")
                // Kept after the first sync: a backfill sends only what starts before it.
                try await anchors.setValue(Self.encodeDate(start!), for: Self.liveStartKey(type))
            }
            while types.contains(type) {
                try Task.checkCancellation()
                let changes = try await source.changes(
                    of: type, startingFrom: start, since: anchor, limit: batchSize)
                try await send(changes, of: type, into: &summary)
                try await anchors.setValue(changes.nextAnchor, for: key)
                anchor = changes.nextAnchor
                guard changes.reachedLimit else { break }
            }
            if start != nil, types.contains(type) {
                // The first sync reached the present: from here on the anchor alone decides.
                try await anchors.setValue(nil, for: "sync-start:\(type)")
            }
        }
        return summary
    }

    /// Where a type's first sync starts: the server's recommended start while the person's
    /// backfill is due, else a week back. Samples that start earlier are the backfill's.
    public func firstSyncStart() async throws -> Date {
        let status = try await api.syncStatus()
        return status.recommendedStartDate ?? Date().addingTimeInterval(-7 * 86_400)
    }

    /// Sends a batch's samples, then its deletions; a refusal is reported and skipped.
    func send(_ changes: SampleChanges, of type: String, into summary: inout SyncSummary) async throws {
        var batch = SyncSummary()
        defer {
            summary.add(batch)
            total.add(batch)
        }
        if !changes.added.isEmpty {
            do {
                let answer = try await api.upload(changes.added, encoder: encoder)
                batch.sent += changes.added.count
                batch.new += answer.new
                batch.updated += answer.updated
                batch.alreadyImported += answer.alreadyImported
            } catch SyncError.refused(let status, let message) {
                batch.rejected.append(
                    RejectedBatch(type: type, count: changes.added.count, status: status, message: message))
            }
        }
        if !changes.deleted.isEmpty {
            do {
                let answer = try await api.delete(changes.deleted)
                batch.deletionsSent += changes.deleted.count
                batch.deleted += answer.deleted
                batch.unknownDeletions += answer.unknown
            } catch SyncError.refused(let status, let message) {
                batch.rejected.append(
                    RejectedBatch(type: type, count: changes.deleted.count, status: status, message: message))
            }
        }
    }

    /// The anchor store's key of the start of `type`'s live sync: samples from it on are the
    /// live sync's, those before it the backfill's.
    static func liveStartKey(_ type: String) -> String { "live-start:\(type)" }

    static func encodeDate(_ date: Date) -> Data {
        Data(String(date.timeIntervalSince1970).utf8)
    }

    static func decodeDate(_ data: Data) -> Date? {
        Double(String(decoding: data, as: UTF8.self)).map(Date.init(timeIntervalSince1970:))
    }
}
#endif
