#if PostgreSQL
import Foundation
import HealthExport
import HealthFixtures
import Testing

@testable import HealthPostgres

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ServerProbe`, which tells a frozen PostgreSQL from a busy one, and the watch that uses it.
@Suite("Whether PostgreSQL still answers", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ServerProbeTests {
    @Test("A live server answers a probe; a port that takes connections and never answers does not, at the bound")
    func verdicts() async throws {
        #expect(await Self.verdict(try PostgresURL(TestPostgres.url!), within: 6))

        // A listener nobody accepts on: the kernel takes the connection, nothing ever answers.
        let silent = try LoopbackSocket.open(listening: true)
        defer { close(silent.handle) }
        let started = ContinuousClock.now
        let url = try PostgresURL("postgresql://postgres@127.0.0.1:\(silent.port)/healthimport")
        #expect(!(await Self.verdict(url, within: 2)))
        let waited = started.duration(to: .now)
        #expect(waited >= .seconds(2) && waited < .seconds(5), "\(waited)")
    }

    @Test("A statement that runs past the quiet time on a live server ends with its result")
    func longStatement() async throws {
        let url = try PostgresURL(TestPostgres.url!)
        let store = try await PostgresStore.connect(url: url, person: TestPostgres.freshPerson("probe"), migrate: false)
        let seconds = ConnectionWatch.quietSeconds + 2
        let rows = try await store.query("SELECT count(*) FROM pg_sleep(\(Double(seconds)))")
        await store.close()
        #expect(try rows.map { try $0.decode(Int64.self) } == [1])
    }

    static func verdict(_ url: PostgresURL, within seconds: Int64) async -> Bool {
        await withCheckedContinuation { continuation in
            ServerProbe.check(url, within: seconds) { continuation.resume(returning: $0) }
        }
    }
}
#endif
