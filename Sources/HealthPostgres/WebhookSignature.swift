#if PostgreSQL
import Crypto
import Foundation

/// Signing as the Standard Webhooks specification says: the secret is `whsec_` and the base64
/// of the key; `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`.
public enum WebhookSignature {
    /// A new secret: `whsec_` and 24 random bytes in base64.
    public static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<3 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return "whsec_" + Data(bytes).base64EncodedString()
    }

    /// Whether `secret` is `whsec_` and base64.
    public static func isValid(_ secret: String) -> Bool { key(secret) != nil }

    static func key(_ secret: String) -> SymmetricKey? {
        let text = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
        guard let data = Data(base64Encoded: text), !data.isEmpty else { return nil }
        return SymmetricKey(data: data)
    }

    /// The `webhook-signature` header of `body` sent as message `id` at `timestamp` (Unix seconds).
    public static func sign(secret: String, id: String, timestamp: Int64, body: String) -> String? {
        guard let key = key(secret) else { return nil }
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).\(body)".utf8), using: key)
        return "v1," + Data(mac).base64EncodedString()
    }
}
#endif
