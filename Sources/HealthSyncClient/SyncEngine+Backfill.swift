#if SyncClient
import Foundation

extension SyncEngine {
    /// Sends the enabled types' samples that start at or after `since`, type by type, with
    /// progress; then tells the server the backfill is complete (`mark-backfill-complete`).
    /// A type's samples from the start of its live sync on are the live sync's, and are not
    /// sent again.
    ///
    /// Cancel by ending the iteration (or cancelling its task); a later call with the same
    /// `since` resumes where it stopped: its anchors and counts are saved after every batch.
    public nonisolated func backfill(since: Date) -> AsyncThrowingStream<BackfillProgress, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await self.runBackfill(since: since) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func runBackfill(since: Date, report: (BackfillProgress) -> Void) async throws {
        let range = Self.encodeDate(since)
        if try await anchors.value(for: "backfill-since") != range {
            for type in types { try await forgetBackfill(of: type) }
            try await anchors.setValue(range, for: "backfill-since")
        }
        var total = 0
        var summary = SyncSummary()
        for type in types {
            var done = try await anchors.value(for: "backfill-done:\(type)").flatMap(Self.decodeCount) ?? 0
            if try await anchors.value(for: "backfill-finished:\(type)") != nil {
                report(BackfillProgress(type: type, done: done, estimatedTotal: done, finished: true))
                total += done
                continue
            }
            let liveStart = try await anchors.value(for: Self.liveStartKey(type)).flatMap(Self.decodeDate)
            let estimate = try await estimatedBackfill(of: type, since: since, liveStart: liveStart)
            report(BackfillProgress(type: type, done: done, estimatedTotal: estimate, finished: false))
            var anchor = try await anchors.value(for: "backfill:\(type)")
            while true {
                try Task.checkCancellation()
                let changes = try await source.changes(of: type, startingFrom: since, since: anchor, limit: batchSize)
                // Deletions belong to the live sync; the backfill sends what is there, before the
                // live sync's start.
                let older = liveStart.map { start in changes.added.filter { $0.start < start } } ?? changes.added
                let added = SampleChanges(
                    added: older, deleted: [], nextAnchor: changes.nextAnchor, reachedLimit: changes.reachedLimit)
                try await send(added, of: type, into: &summary)
                done += older.count
                try await anchors.setValue(changes.nextAnchor, for: "backfill:\(type)")
                try await anchors.setValue(Self.encodeCount(done), for: "backfill-done:\(type)")
                anchor = changes.nextAnchor
                guard changes.reachedLimit else { break }
                report(BackfillProgress(type: type, done: done, estimatedTotal: estimate, finished: false))
            }
            try await anchors.setValue(Data([1]), for: "backfill-finished:\(type)")
            report(
                BackfillProgress(type: type, done: done, estimatedTotal: max(done, estimate ?? done), finished: true))
            total += done
        }
        try await api.markBackfillComplete(sampleCount: total, start: since, end: Date())
        for type in types { try await forgetBackfill(of: type) }
        try await anchors.setValue(nil, for: "backfill-since")
    }

    /// The samples of `type` the backfill will send: from `since` to the live sync's start.
    private func estimatedBackfill(of type: String, since: Date, liveStart: Date?) async throws -> Int? {
        guard let all = try await source.estimatedCount(of: type, startingFrom: since) else { return nil }
        guard let liveStart else { return all }
        guard liveStart > since else { return 0 }
        guard let live = try await source.estimatedCount(of: type, startingFrom: liveStart) else { return all }
        return max(0, all - live)
    }

    private func forgetBackfill(of type: String) async throws {
        for key in ["backfill:", "backfill-done:", "backfill-finished:"] {
            try await anchors.setValue(nil, for: key + type)
        }
    }

    static func encodeCount(_ count: Int) -> Data { Data(String(count).utf8) }

    static func decodeCount(_ data: Data) -> Int? { Int(String(decoding: data, as: UTF8.self)) }
}
#endif
