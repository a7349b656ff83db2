#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthPostgres

/// What an upload tells webhooks: `{"type", "person", "importId", "total", "changedDays"}`,
/// queued for the person's webhook and the server's, delivered by ``WebhookDispatcher``.
extension SyncServer {
    /// Starts delivering queued webhooks, for as long as the process runs.
    func startWebhooks() {
        let dispatcher = WebhookDispatcher(
            url: configuration.url, serverWebhook: configuration.webhook,
            retryBase: configuration.webhookRetryBase, logger: logger)
        Task.detached { await dispatcher.run() }
    }

    /// Queues the message of a completed import of `person`. A failure here is logged, never
    /// the upload's: its rows are committed.
    func notifyWebhooks(person: String, result: ImportResult) async {
        guard let report = result.report else { return }
        let total = report.counts.values.reduce(TypeCounts(), +)
        var days = Set<Int32>()
        for range in result.touched.ranges.values {
            let first = Int32(range.lowerBound.floorDivided(by: 86_400))
            let last = Int32(range.upperBound.floorDivided(by: 86_400))
            for day in first...last { days.insert(day) }
        }
        await notifyWebhooks(person: person, importID: result.importID, days: days) { out in
            out.counts(total, includingRead: true)
        }
    }

    /// Queues the message of a completed samples upload of `person`.
    func notifyWebhooks(person: String, received: Int, new: Int, updated: Int, starts: [Int64]) async {
        let days = Set(starts.map { Int32($0.floorDivided(by: 86_400)) })
        await notifyWebhooks(person: person, importID: nil, days: days) { out in
            out.beginObject()
            out.field("read", received)
            out.field("new", new)
            out.field("updated", updated)
            out.field("alreadyImported", received - new - updated)
            out.endObject()
        }
    }

    private func notifyWebhooks(
        person: String, importID: Int64?, days: Set<Int32>, total: (inout JSONBuffer) -> Void
    ) async {
        do {
            var targets: [(url: String, target: String)] = []
            if let own = try await directory.webhook(of: person) { targets.append((own.url, "person")) }
            if let server = configuration.webhook { targets.append((server.url, "server")) }
            guard !targets.isEmpty else { return }
            var out = JSONBuffer(capacity: 256 + days.count * 13)
            out.beginObject()
            out.field("type", "import.completed")
            out.field("person", person)
            out.key("importId")
            if let importID { out.integer(Int(importID)) } else { out.null() }
            out.key("total")
            total(&out)
            out.key("changedDays")
            out.array(days.sorted().map { CalendarDay(daysSince1970: $0).iso8601 })
            out.endObject()
            for target in targets {
                try await directory.enqueueDelivery(
                    person: person, url: target.url, target: target.target, body: out.text)
            }
        } catch {
            logger.warning("could not queue the webhook of \(person)'s upload: \(error)")
        }
    }
}

extension Int64 {
    /// The quotient rounded down, for days before 1970 too.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
#endif
