#if PostgreSQL
import Foundation
import JWTKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the issuer's JSON Web Key Set is: a file, or an `http(s)` URL (the issuer's
/// `jwks_uri`) fetched at start and again when a token names a key it does not hold.
public enum JWKSSource: Sendable, Equatable, CustomStringConvertible {
    /// A key set file, read once at start.
    case file(String)
    /// The issuer's `jwks_uri`, fetched at start and again for a key it does not hold.
    case url(URL)

    /// `--oidc-jwks FILE|URL`: an `http://` or `https://` URL, otherwise a file path.
    public init(parsing text: String) throws(OIDCSetupError) {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            guard let url = URL(string: text), url.host != nil else {
                throw OIDCSetupError("--oidc-jwks \(text) is not a URL")
            }
            self = .url(url)
        } else {
            guard !text.isEmpty else { throw OIDCSetupError("--oidc-jwks needs a file or an http(s) URL") }
            self = .file(text)
        }
    }

    /// The file's path or the URL.
    public var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// Reads or fetches the key set; a fetch waits at most `timeout` seconds.
    func load(timeout: Double) async throws(OIDCSetupError) -> JWKS {
        let data: Data
        switch self {
        case .file(let path):
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw OIDCSetupError("cannot read the key set file \(path)")
            }
            data = contents
        case .url(let url):
            data = try await Self.fetch(url, timeout: timeout)
        }
        return try keySet(data)
    }

    /// The keys of a JSON Web Key Set that jwt-kit reads; one it cannot (a key type or algorithm
    /// it does not know) is left out rather than failing the set.
    private func keySet(_ data: Data) throws(OIDCSetupError) -> JWKS {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let keys = object["keys"] as? [Any]
        else {
            throw OIDCSetupError("\(self) is not a JSON Web Key Set: expected {\"keys\": [...]}")
        }
        let decoder = JSONDecoder()
        return JWKS(
            keys: keys.compactMap { key in
                guard let key = key as? [String: Any], JSONSerialization.isValidJSONObject(key),
                    let bytes = try? JSONSerialization.data(withJSONObject: key)
                else { return nil }
                return try? decoder.decode(JWK.self, from: bytes)
            })
    }

    private static func fetch(_ url: URL, timeout: Double) async throws(OIDCSetupError) -> Data {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw OIDCSetupError(
                "cannot fetch the key set \(url.absoluteString): \(error.localizedDescription)", isUnavailable: true)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw OIDCSetupError(
                "the key set URL \(url.absoluteString) answered HTTP \(status)", isUnavailable: status >= 500)
        }
        return data
    }
}
#endif
