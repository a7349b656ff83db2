#if SyncClient
import Foundation

/// How the engine retries a request that got no answer, a 429, a 409 (an upload of the person
/// running) or a 5xx: exponential backoff with jitter, `Retry-After` as the least wait.
public struct RetryPolicy: Sendable {
    /// The first wait, doubled after every failure up to ``maximumDelay``.
    public var initialDelay: Duration
    public var maximumDelay: Duration
    /// Attempts per request before the sync stops with ``SyncError/unavailable(_:)`` (`nil`: until cancelled).
    public var maximumAttempts: Int?

    public init(
        initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(300), maximumAttempts: Int? = 10
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// Whether an answer with `status` is worth sending again.
    public static func isRetryable(_ status: Int) -> Bool {
        status == 429 || status == 409 || status == 408 || (500...599).contains(status)
    }

    /// The wait before attempt `attempt + 1` (`attempt` counts from 1): a random wait up to the
    /// exponential bound, and at least the server's `Retry-After` seconds when it gave them (capped
    /// at the maximum). The server's figure is a floor, not the wait: a busy server that answers
    /// "1" to every phone would otherwise see all of them back, every second, until their
    /// attempts ran out.
    public func delay(afterAttempt attempt: Int, retryAfter: String?) -> Duration {
        let exponent = min(attempt - 1, 30)
        let bound = min(initialDelay * (1 << exponent), maximumDelay)
        let milliseconds = bound.components.seconds * 1000 + bound.components.attoseconds / 1_000_000_000_000_000
        let backoff = Duration.milliseconds(Int64.random(in: (milliseconds / 2)...max(milliseconds / 2, milliseconds)))
        guard let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return backoff }
        return max(min(.milliseconds(Int64(seconds * 1000)), maximumDelay), backoff)
    }
}
#endif
