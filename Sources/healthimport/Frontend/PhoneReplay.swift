#if PostgreSQL
import Foundation
import HealthSyncClient

/// Replays samples into a simulated HealthKit while a ``SyncEngine`` syncs them to a server.
struct PhoneReplay: Sendable {
    struct Arrival: Sendable {
        var sample: HealthSample
        /// Saved a day after its time, as a watch that synced late.
        var late: Bool

        var time: Date { (sample.created ?? sample.end).addingTimeInterval(late ? 86_400 : 0) }
    }

    struct Result: Sendable {
        var saved: Int
        var summary: SyncSummary
        var seconds: Double
    }

    var server: URL
    var token: String
    var speed: Double
    var deleteEvery: Int

    func run(_ arrivals: [Arrival]) async throws -> Result {
        let started = Date()
        let source = SimulatedSampleSource()
        let types = Array(Set(arrivals.map(\.sample.type))).sorted()
        let engine = SyncEngine(
            source: source, transport: APIClientTransport(server: server, token: token),
            anchors: MemoryAnchorStore(), types: types)
        // What starts before the live sync's start is history the phone holds before the app
        // first syncs: the backfill sends it, once. The rest arrives live.
        let liveStart = try await engine.firstSyncStart()
        await source.add(arrivals.filter { $0.sample.start < liveStart }.map(\.sample))
        let ordered = arrivals.filter { $0.sample.start >= liveStart }.sorted { $0.time < $1.time }
        _ = try await engine.sync()
        let live = Task { await engine.run() }
        var deletable: [UUID] = []
        var index = 0
        while index < ordered.count {
            try Task.checkCancellation()
            // Samples due within a tenth of a second of replay time go in together.
            let first = ordered[index].time
            var batch: [HealthSample] = []
            while index < ordered.count, speed == 0 || ordered[index].time.timeIntervalSince(first) <= speed / 10 {
                batch.append(ordered[index].sample)
                index += 1
                if batch.count == 1_000 { break }
            }
            await source.add(batch)
            if deleteEvery > 0 {
                deletable += batch.enumerated().filter { ($0.offset + index) % deleteEvery == 0 }.map(
                    \.element.healthKitUUID)
            }
            if index < ordered.count, speed > 0 {
                let wait = ordered[index].time.timeIntervalSince(first) / speed
                if wait > 0 { try await Task.sleep(for: .milliseconds(Int64(min(wait, 60) * 1000))) }
            }
        }
        if !deletable.isEmpty {
            _ = try await engine.sync()
            await source.delete(deletable)
        }
        await source.finish()
        await live.value
        if case .failure(let error)? = await engine.lastResult { throw error }
        _ = try await engine.sync()
        if let earliest = arrivals.map(\.sample.start).min() {
            for try await _ in engine.backfill(since: earliest) {}
        }
        return Result(
            saved: arrivals.count, summary: await engine.total, seconds: Date().timeIntervalSince(started))
    }
}
#endif
