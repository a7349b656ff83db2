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

/// `ServerProbe`, which tells a frozen PostgreSQL from a busy one, and the watch that uses it.
///
/// The tests wait on their own thread, as the command line does: a wait for a thread of the
/// shared pool, which other tests may keep busy, would count against the bounds.
@Suite("Whether PostgreSQL still answers", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ServerProbeTests {
    @Test("A live server answers a probe; a port that takes connections and never answers does not, at the bound")
    func verdicts() throws {
        #expect(Self.verdict(try PostgresURL(TestPostgres.url!), within: 6))

        // A listener nobody accepts on: the kernel takes the connection, nothing ever answers.
        let silent = try LoopbackSocket.open(listening: true)
        defer { close(silent.handle) }
        let started = ContinuousClock.now
        let url = try PostgresURL("postgresql://postgres@127.0.0.1:\(silent.port)/healthimport")
        #expect(!Self.verdict(url, within: 2))
        let waited = started.duration(to: .now)
        #expect(waited >= .seconds(2) && waited < .seconds(5), "\(waited)")
        // The driver gives up the start-up at its connect timeout and closes the socket.
        #expect(Self.peerClosed(listener: silent.handle), "the probe's socket is closed after its verdict")
    }

    /// Whether the connection waiting on `listener` is closed by its client: its bytes (the
    /// start-up message) end within a few seconds rather than waiting for more.
    static func peerClosed(listener: Int32) -> Bool {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return false }
        defer { close(connection) }
        var limit = timeval(tv_sec: Int(PostgresURL.connectSeconds), tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            if count == 0 { return true }
            if count < 0 { return false }
        }
    }

    @Test("A statement that runs past the quiet time on a live server ends with its result")
    func longStatement() throws {
        let url = try PostgresURL(TestPostgres.url!)
        let person = TestPostgres.freshPerson("probe")
        let seconds = Double(ConnectionWatch.quietSeconds + 2)
        let counts = try Blocking.run {
            let store = try await PostgresStore.connect(url: url, person: person, migrate: false)
            let rows = try await store.query("SELECT count(*) FROM pg_sleep(\(seconds))")
            await store.close()
            return try rows.map { try $0.decode(Int64.self) }
        }
        #expect(counts == [1])
    }

    @Test("A cancelled wait ends at once and closes its connection, whose statement the driver cannot stop")
    func cancelledWait() throws {
        let url = try PostgresURL(TestPostgres.url!)
        let person = TestPostgres.freshPerson("probe")
        let (waited, error, closed) = try Blocking.run {
            let store = try await PostgresStore.connect(url: url, person: person, migrate: false)
            // On this thread's executor, as the wait is: not on the shared pool, which other tests may keep.
            let failure = Locked<(any Error)?>(nil)
            let query = BlockingExecutor.task {
                do { try await store.query("SELECT pg_sleep(60)") } catch { failure.store(error) }
            }
            try await Task.sleep(for: .milliseconds(300))
            let cancelled = ContinuousClock.now
            query.cancel()
            await query.value
            let waited = cancelled.duration(to: .now)
            try await Task.sleep(for: .milliseconds(200))
            return (waited, failure.load(), store.connection!.isClosed)
        }
        #expect(waited < .seconds(5), "\(waited)")
        #expect(
            (error as? StoreError)?.message.contains("the query was cancelled") == true, "\(String(describing: error))")
        #expect(closed)
    }

    @Test("A connection made after a verdict of silence clears it: the server answered since")
    func connectionClearsSilence() throws {
        // The verdict is kept by address: the server under another name of its host, so that
        // other tests' waits on it never meet the verdict.
        let url = try PostgresURL(Self.otherHostName(TestPostgres.url!))
        ServerProbe.noteSilent(url)
        #expect(ServerProbe.wasSilent(url, within: 10))
        try Blocking.run {
            let store = try await PostgresStore.connect(url: url, migrate: false)
            await store.close()
        }
        #expect(!ServerProbe.wasSilent(url, within: 10))
    }

    /// `url` with `localhost` for `127.0.0.1`, or the other way round.
    static func otherHostName(_ url: String) -> String {
        url.contains("@127.0.0.1:")
            ? url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
            : url.replacingOccurrences(of: "@localhost:", with: "@127.0.0.1:")
    }

    /// The probe's verdict on `url`, waited for on this thread.
    static func verdict(_ url: PostgresURL, within seconds: Int64) -> Bool {
        let answered = Locked<Bool?>(nil)
        let given = DispatchSemaphore(value: 0)
        ServerProbe.check(url, within: seconds) { verdict in
            answered.withLock { $0 = verdict }
            given.signal()
        }
        given.wait()
        return answered.withLock { $0 }!
    }
}
#endif
