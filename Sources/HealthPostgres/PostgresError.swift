#if PostgreSQL
import Foundation
import HealthCore
import NIOCore
import NIOPosix
import PostgresNIO

extension StoreError {
    /// A PostgreSQL or connection failure as a `StoreError` whose message says what the server said.
    ///
    /// A server that cannot be reached, or that went away (a restart, a crash, a lost network),
    /// is ``StoreError/Code/unavailable``: the same request may succeed once it is back.
    static func postgres(_ error: any Error, url: PostgresURL) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is CancellationError { return StoreError(.io, "\(url.address): the query was cancelled") }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let code = error.serverInfo?[.sqlState] ?? ""
                if message.hasPrefix("unsupported startup parameter") {
                    return StoreError(.io, "\(url): \(message)\(Self.startupHint(message))")
                }
                if Self.unavailableStates.contains(code) || code.hasPrefix("08") {
                    return wentAway(url)
                }
                if code == "57014" {
                    return StoreError(.unavailable, "\(url): the query ran longer than the statement timeout")
                }
                let kind: StoreError.Code = code == "53100" ? .diskFull : code.hasPrefix("42501") ? .readOnly : .io
                return StoreError(kind, "\(url): \(message)")
            }
            switch error.code {
            case .connectionError:
                let cause = error.underlying.map { ": \(Self.connectionCause($0))" } ?? ""
                return StoreError(.unavailable, "cannot reach PostgreSQL at \(url.address)\(cause)")
            case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
                return wentAway(url)
            default:
                return StoreError(.io, "\(url): \(String(reflecting: error))")
            }
        }
        if let error = error as? PostgresError, case .connectionClosed = error { return wentAway(url) }
        if error is ChannelError || error is IOError || error is NIOConnectionError {
            return StoreError(.unavailable, "cannot reach PostgreSQL at \(url.address): \(connectionCause(error))")
        }
        return StoreError(.io, "\(url): \(error)")
    }

    /// A failure to make a connection to `url`: as ``postgres(_:url:)`` says it, except that a
    /// connection closed before the server answered was never had, so nothing was lost with it.
    static func connecting(_ error: any Error, url: PostgresURL) -> StoreError {
        let closedUnanswered: Bool
        if let error = error as? PSQLError {
            closedUnanswered =
                error.serverInfo == nil && [.serverClosedConnection, .uncleanShutdown].contains(error.code)
        } else if let error = error as? PostgresError, case .connectionClosed = error {
            closedUnanswered = true
        } else {
            closedUnanswered = false
        }
        guard closedUnanswered else { return postgres(error, url: url) }
        return StoreError(
            .unavailable,
            "cannot reach PostgreSQL at \(url.address): the connection closed before the server answered")
    }

    /// Why a connection could not be made, in the system's words (`Connection refused`) where
    /// the driver wraps them in its own.
    private static func connectionCause(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let attempt = error.connectionErrors.first { return connectionCause(attempt.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "no address found for \(error.host)" }
        }
        if let error = error as? SocketAddressError.UnknownHost { return "no address found for \(error.host)" }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? ChannelError, case .connectTimeout(let limit) = error {
            return "no answer within \(limit.nanoseconds / 1_000_000_000) s"
        }
        return "\(error)"
    }

    /// What to do about a start-up parameter a pooler such as PgBouncer refused (it answers
    /// with a protocol violation, which would otherwise read as a server gone away).
    private static func startupHint(_ message: String) -> String {
        guard message.contains("statement_timeout") else { return " (refused by a connection pooler)" }
        return
            " (refused by a connection pooler such as PgBouncer: run serve with --statement-timeout 0 and set the timeout on the database, ALTER ROLE ... SET statement_timeout, or list it in the pooler's track_extra_parameters)"
    }

    /// The server's connection ended under a running request.
    static func wentAway(_ url: PostgresURL) -> StoreError {
        var error = StoreError(.unavailable, "PostgreSQL at \(url.address) went away")
        error.lostConnection = true
        return error
    }

    /// The server keeps the connection open and answers neither it nor a new one within
    /// ``PostgresURL/connectSeconds`` (frozen, its machine suspended, its network gone without a reset).
    static func stoppedAnswering(_ url: PostgresURL) -> StoreError {
        var error = StoreError(.unavailable, "PostgreSQL at \(url.address) stopped answering")
        error.lostConnection = true
        return error
    }

    /// SQLSTATEs of a server shutting down or starting: `admin_shutdown`, `crash_shutdown`,
    /// `cannot_connect_now`, `idle_session_timeout`, `too_many_connections`.
    private static let unavailableStates: Set<String> = ["57P01", "57P02", "57P03", "57P05", "53300"]
}
#endif
