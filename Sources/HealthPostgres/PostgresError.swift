import HealthCore
import PostgresNIO

extension StoreError {
    /// A PostgreSQL or connection failure as a `StoreError` whose message says what the server said.
    static func postgres(_ error: any Error, url: PostgresURL) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let code = error.serverInfo?[.sqlState] ?? ""
                let kind: StoreError.Code = code == "53100" ? .diskFull : code.hasPrefix("42501") ? .readOnly : .io
                return StoreError(kind, "\(url): \(message)")
            }
            switch error.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown:
                let cause = error.underlying.map { ": \($0)" } ?? ""
                return StoreError(.io, "\(url): cannot connect to PostgreSQL\(cause)")
            default:
                return StoreError(.io, "\(url): \(String(reflecting: error))")
            }
        }
        return StoreError(.io, "\(url): \(error)")
    }
}
