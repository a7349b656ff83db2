#if SyncClient
import Foundation

/// Why a sync stopped.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the token (401 or 403): nothing will pass until it changes.
    case unauthorized(String)
    /// The server or the network kept failing after every retry the policy allows.
    case unavailable(String)
    /// A request other than a batch was refused (4xx): its status and the server's message.
    case refused(status: Int, message: String)
    /// The server answered something that is not the API's.
    case unexpectedAnswer(String)
    /// The anchor file is not one this client wrote.
    case corruptAnchors(String)

    public var description: String {
        switch self {
        case .unauthorized(let message): "the server refused the token: \(message)"
        case .unavailable(let message): "the server is unavailable: \(message)"
        case .refused(let status, let message): "the server refused the request (\(status)): \(message)"
        case .unexpectedAnswer(let message): "unexpected answer from the server: \(message)"
        case .corruptAnchors(let path): "\(path) is not an anchor file"
        }
    }
}
#endif
