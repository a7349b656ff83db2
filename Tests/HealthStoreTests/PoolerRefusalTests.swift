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

/// A connection pooler that refuses a start-up parameter, as PgBouncer refuses
/// `statement_timeout` (`serve --statement-timeout`): the message says so and what to do,
/// rather than that the server went away.
@Suite("A pooler that refuses a start-up parameter")
struct PoolerRefusalTests {
    @Test("A refused statement_timeout names the pooler and serve --statement-timeout 0, not a server gone away")
    func refusedStatementTimeout() throws {
        let pooler = try RefusingPooler()
        var url = try PostgresURL("postgresql://me@127.0.0.1:\(pooler.port)/health")
        url.statementTimeout = 30
        do {
            try Self.connect(url)
            Issue.record("the pooler refused the connection, yet it opened")
        } catch let error as StoreError {
            #expect(error.message.contains("unsupported startup parameter: statement_timeout"), "\(error.message)")
            #expect(error.message.contains("--statement-timeout 0"), "\(error.message)")
            #expect(!error.message.contains("went away"), "\(error.message)")
        }
        #expect(pooler.startupPackets().first?.contains("statement_timeout") == true)
    }

    @Test("Without a statement timeout no such parameter is sent")
    func noStatementTimeout() throws {
        let pooler = try RefusingPooler()
        let url = try PostgresURL("postgresql://me@127.0.0.1:\(pooler.port)/health")
        #expect(url.statementTimeout == nil)
        #expect(throws: StoreError.self) { try Self.connect(url) }
        let packets = pooler.startupPackets()
        #expect(packets.count == 1)
        #expect(packets.first?.contains("statement_timeout") == false)
    }

    /// Opens a connection to `url` on this thread, as the command line does: its deadline does
    /// not wait for a thread of the shared pool, which other tests may keep busy.
    private static func connect(_ url: PostgresURL) throws {
        let connection = try Blocking.run { try await PostgresStore.makeConnection(url) }
        PostgresStore.close(connection)
    }
}

/// A listener on 127.0.0.1 that reads one start-up message per connection, keeps it, and
/// answers as PgBouncer answers a parameter it does not track: a `FATAL` with SQLSTATE
/// `08P01`. A start-up without `statement_timeout` is closed without an answer.
final class RefusingPooler: Sendable {
    let port: Int
    private let handle: Int32
    private let packets = Locked<[String]>([])

    init() throws {
        (handle, port) = try LoopbackSocket.open(listening: true)
        let handle = self.handle
        let packets = self.packets
        Thread.detachNewThread {
            while true {
                let client = accept(handle, nil, nil)
                guard client >= 0 else { return }
                let startup = Self.readStartup(client)
                packets.withLock { $0.append(startup) }
                if startup.contains("statement_timeout") {
                    let reply = Self.errorResponse("unsupported startup parameter: statement_timeout")
                    _ = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                }
                close(client)
            }
        }
    }

    deinit {
        shutdown(handle, Int32(SHUT_RDWR))
        close(handle)
    }

    /// The start-up messages received, their strings joined by spaces.
    func startupPackets() -> [String] {
        packets.withLock { $0 }
    }

    /// Reads a length-prefixed start-up message (after any refused TLS request) as text.
    private static func readStartup(_ client: Int32) -> String {
        while true {
            guard let length = readInt32(client), length >= 8, length < 10_000 else { return "" }
            var body = [UInt8](repeating: 0, count: Int(length) - 4)
            guard readFully(client, &body) else { return "" }
            // SSLRequest (80877103): refuse TLS, then the start-up message follows.
            if body.count == 4, body == [0x04, 0xD2, 0x16, 0x2F] {
                _ = write(client, "N", 1)
                continue
            }
            return String(decoding: body.dropFirst(4).map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
    }

    private static func readInt32(_ client: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 4)
        guard readFully(client, &bytes) else { return nil }
        return bytes.reduce(0) { $0 << 8 | Int32($1) }
    }

    private static func readFully(_ client: Int32, _ buffer: inout [UInt8]) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress! + offset, $0.count - offset) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// An `ErrorResponse` message: severity `FATAL`, SQLSTATE `08P01`, `message`.
    private static func errorResponse(_ message: String) -> [UInt8] {
        var fields: [UInt8] = []
        for (code, value) in [("S", "FATAL"), ("V", "FATAL"), ("C", "08P01"), ("M", message)] {
            fields += Array(code.utf8) + Array(value.utf8) + [0]
        }
        fields.append(0)
        let length = UInt32(fields.count + 4)
        return [UInt8(ascii: "E")] + withUnsafeBytes(of: length.bigEndian) { Array($0) } + fields
    }
}
#endif
