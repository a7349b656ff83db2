#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthFixtures
import Testing

@testable import HealthPostgres

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command says when it cannot make a connection: the system's words rather than the
/// driver's wrapping of them, and never that a server it never had went away.
@Suite struct ConnectionFailureTests {
    @Test("A port nobody listens on: the system's words for a refused connection")
    func refused() throws {
        let (handle, port) = try LoopbackSocket.open(listening: false)
        defer { close(handle) }
        let error = try #require(try Self.failure(connecting: port))
        #expect(
            error.message == "cannot reach PostgreSQL at 127.0.0.1:\(port): \(String(cString: strerror(ECONNREFUSED)))")
        #expect(error.code == .unavailable)
        #expect(!error.lostConnection)
    }

    @Test("A listener that closes the connection without a word: closed before the server answered")
    func closedUnanswered() throws {
        // Closes a start-up without statement_timeout unanswered.
        let listener = try RefusingPooler()
        let error = try #require(try Self.failure(connecting: listener.port))
        #expect(
            error.message
                == "cannot reach PostgreSQL at 127.0.0.1:\(listener.port): the connection closed before the server answered"
        )
        #expect(error.code == .unavailable)
        #expect(!error.lostConnection)
    }

    /// The error of a connection to `port`, made on this thread as the command line makes it;
    /// nil when it opened.
    private static func failure(connecting port: Int) throws -> StoreError? {
        let url = try PostgresURL("postgresql://me@127.0.0.1:\(port)/health")
        do {
            let connection = try Blocking.run { try await PostgresStore.makeConnection(url) }
            PostgresStore.close(connection)
            return nil
        } catch let error as StoreError {
            return error
        }
    }
}
#endif
