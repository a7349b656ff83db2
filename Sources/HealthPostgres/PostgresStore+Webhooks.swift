#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import PostgresNIO

/// Webhooks: a person's URL and secret, and the deliveries table the server's dispatcher works
/// through (claimed with `FOR UPDATE SKIP LOCKED`, so several servers on one database share it).
extension PostgresStore {
    /// Sets `person`'s webhook to `url` with a new secret, which it returns (stored as given:
    /// the server signs with it).
    public func setWebhook(person: String, url: String) async throws -> String {
        guard try await !query("SELECT 1 FROM people WHERE name = \(person)").isEmpty else {
            throw StoreError(.io, "no person \(person) (healthimport people add \(person))")
        }
        let secret = WebhookSignature.makeSecret()
        try await query(
            """
            INSERT INTO webhooks (person, url, secret, created) VALUES (\(person), \(url), \(secret), \(ExportTimestamp.now.iso8601))
            ON CONFLICT (person) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, created = EXCLUDED.created
            """)
        return secret
    }

    /// Removes `person`'s webhook; returns whether there was one.
    public func removeWebhook(person: String) async throws -> Bool {
        try await !query("DELETE FROM webhooks WHERE person = \(person) RETURNING 1").isEmpty
    }

    /// `person`'s webhook, if any.
    public func webhook(of person: String) async throws -> (url: String, secret: String)? {
        try await query("SELECT url, secret FROM webhooks WHERE person = \(person)").first.map {
            try $0.decode((String, String).self)
        }
    }

    /// Queues a delivery of `body` to `url`, due now; returns its id.
    @discardableResult
    public func enqueueDelivery(person: String, url: String, target: String, body: String) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let id = "msg_" + String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt64, radix: 16)
        try await query(
            """
            INSERT INTO webhook_deliveries (person, id, url, target, body, created, next_attempt_unix)
            VALUES (\(person), \(id), \(url), \(target), \(body), \(ExportTimestamp.now.iso8601), \(Int64(Date().timeIntervalSince1970)))
            """)
        return id
    }

    /// Claims up to `limit` deliveries that are due, leasing them for `lease` seconds (another
    /// server takes them only once the lease has passed, as after a crash): every person's
    /// webhook's, and the server webhook's only when this server's is `serverURL`.
    public func claimDueDeliveries(limit: Int, lease: Int64, serverURL: String?) async throws -> [WebhookDelivery] {
        let now = Int64(Date().timeIntervalSince1970)
        return try await query(
            """
            UPDATE webhook_deliveries d SET next_attempt_unix = \(now) + \(lease)
            FROM (SELECT person, id FROM webhook_deliveries
                WHERE delivered IS NULL AND abandoned IS NULL AND next_attempt_unix <= \(now)
                    AND (target = 'person' OR url = \(serverURL))
                ORDER BY next_attempt_unix LIMIT \(limit) FOR UPDATE SKIP LOCKED) due
            WHERE d.person = due.person AND d.id = due.id
            RETURNING d.person, d.id, d.url, d.target, d.body, d.attempts
            """
        ).map { row in
            let (person, id, url, target, body, attempts) = try row.decode(
                (String, String, String, String, String, Int32).self)
            return WebhookDelivery(
                person: person, id: id, url: url, target: target, body: body, attempts: Int(attempts))
        }
    }

    /// Records a delivery's outcome: delivered, or failed with `error` and tried again after
    /// `retryAfter` seconds (`nil`: given up).
    public func recordAttempt(_ delivery: WebhookDelivery, error: String?, retryAfter: Int64?) async throws {
        let now = ExportTimestamp.now.iso8601
        if error == nil {
            try await query(
                """
                UPDATE webhook_deliveries SET attempts = attempts + 1, delivered = \(now), last_error = NULL \
                WHERE person = \(delivery.person) AND id = \(delivery.id)
                """)
        } else {
            let next = Int64(Date().timeIntervalSince1970) + (retryAfter ?? 0)
            try await query(
                """
                UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = \(error), next_attempt_unix = \(next),
                    abandoned = \(retryAfter == nil ? now : nil) WHERE person = \(delivery.person) AND id = \(delivery.id)
                """)
        }
    }
}
#endif
