#if PostgreSQL
import Foundation
import HealthCore
import HealthPostgres
import Logging

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delivers the queued webhooks (`webhook_deliveries`), signed as Standard Webhooks says, each
/// retried with exponential backoff until it gets a 2xx or has failed ``maxAttempts`` times.
///
/// It works from the table, on a connection of its own, apart from the requests: an upload
/// only queues its message. A restarted server (or another server on the database) resumes the
/// retries; a delivery cut off by a stop is claimed again once its lease has passed, so every
/// message arrives at least once, and receivers tell repeats apart by `webhook-id`.
final class WebhookDispatcher: Sendable {
    let url: PostgresURL
    /// `serve --webhook`: its URL and secret.
    let serverWebhook: (url: String, secret: String)?
    /// The first retry's delay, in seconds; each later one doubles it, up to an hour.
    let retryBase: Int64
    let maxAttempts = 12
    let logger: Logger

    init(url: PostgresURL, serverWebhook: (url: String, secret: String)?, retryBase: Int64, logger: Logger) {
        self.url = url
        self.serverWebhook = serverWebhook
        self.retryBase = retryBase
        self.logger = logger
    }

    /// The delay before attempt `attempts + 1`, after `attempts` failures.
    func backoff(afterFailures attempts: Int) -> Int64 {
        min(3_600, retryBase << Int64(min(attempts - 1, 20)))
    }

    /// Works through the due deliveries, looking for more every second, until cancelled.
    func run() async {
        var store: PostgresStore?
        while !Task.isCancelled {
            do {
                if store == nil { store = try await PostgresStore.connect(url: url, person: "", migrate: false) }
                let due = try await store!.claimDueDeliveries(limit: 16, lease: 120, serverURL: serverWebhook?.url)
                for delivery in due { try await deliver(delivery, store: store!) }
                if due.isEmpty { try await Task.sleep(for: .seconds(1)) }
            } catch is CancellationError {
                break
            } catch {
                logger.warning("webhook deliveries: \(error)")
                await store?.close()
                store = nil
                try? await Task.sleep(for: .seconds(5))
            }
        }
        await store?.close()
    }

    private func deliver(_ delivery: WebhookDelivery, store: PostgresStore) async throws {
        let secret: String?
        if delivery.target == "server" {
            secret = serverWebhook?.secret
        } else {
            secret = try await store.webhook(of: delivery.person)?.secret
        }
        let failure: String?
        if let secret {
            failure = await post(delivery, secret: secret)
        } else {
            failure = "no secret to sign with (the webhook was removed, or serve runs without --webhook)"
        }
        let attempts = delivery.attempts + 1
        let retry = failure == nil || attempts >= maxAttempts ? nil : backoff(afterFailures: attempts)
        try await store.recordAttempt(delivery, error: failure, retryAfter: retry)
        if let failure {
            let next = retry.map { "again in \($0) s" } ?? "given up"
            logger.notice("webhook \(delivery.id) to \(delivery.url) failed (attempt \(attempts)): \(failure); \(next)")
        }
    }

    /// Sends one attempt; the failure's description, or `nil` for a 2xx.
    private func post(_ delivery: WebhookDelivery, secret: String) async -> String? {
        guard let target = URL(string: delivery.url), target.scheme == "http" || target.scheme == "https" else {
            return "not an http(s) URL"
        }
        let timestamp = Int64(Date().timeIntervalSince1970)
        guard
            let signature = WebhookSignature.sign(
                secret: secret, id: delivery.id, timestamp: timestamp, body: delivery.body)
        else { return "the secret is not whsec_ and base64" }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.timeoutInterval = 15
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("healthimport/\(HealthImportVersion.current)", forHTTPHeaderField: "User-Agent")
        request.setValue(delivery.id, forHTTPHeaderField: "webhook-id")
        request.setValue(String(timestamp), forHTTPHeaderField: "webhook-timestamp")
        request.setValue(signature, forHTTPHeaderField: "webhook-signature")
        request.httpBody = Data(delivery.body.utf8)
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return (200..<300).contains(status) ? nil : "HTTP \(status)"
        } catch {
            return error.localizedDescription
        }
    }
}
#endif
