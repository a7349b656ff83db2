#if PostgreSQL
import Foundation
import Testing

@testable import HealthSyncClient

/// The engine, fed by a simulated HealthKit, against `healthimport serve` on PostgreSQL.
@Suite(.serialized, .enabled(if: TestPostgres.enabled, TestPostgres.reason))
struct SyncEngineServerTests {
    static let quickRetry = RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50))

    func engine(
        _ source: SimulatedSampleSource, _ transport: any SyncTransport, anchors: any AnchorStore = MemoryAnchorStore(),
        batchSize: Int = SyncEngine.batchLimit
    ) -> SyncEngine {
        SyncEngine(
            source: source, transport: transport, anchors: anchors, types: SampleFactory.types,
            retry: Self.quickRetry, batchSize: batchSize)
    }

    @Test(
        "The first sync sends the window the server recommends, then a backfill sends the history before it with progress"
    )
    func firstSyncThenBackfill() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        await source.add(SampleFactory.samples(count: 300, type: SampleFactory.steps))
        await source.add(SampleFactory.samples(count: 50, type: SampleFactory.heartRate))
        await source.add(SampleFactory.samples(count: 10, type: SampleFactory.weight, step: -86_400))
        await source.add(SampleFactory.samples(count: 20, type: SampleFactory.sleep, step: -3_600))
        let fourYearsAgo = SampleFactory.base.addingTimeInterval(-4 * 365 * 86_400)
        await source.add(SampleFactory.samples(count: 250, type: SampleFactory.steps, from: fourYearsAgo))
        let engine = engine(source, server.transport, batchSize: 100)

        let first = try await engine.sync()
        #expect(first.sent == 380)
        #expect(first.new == 380)
        #expect(first.rejected.isEmpty)
        #expect(try await server.records(SampleFactory.steps).count == 300)
        #expect(try await server.records(SampleFactory.sleep).count == 20)

        var progress: [BackfillProgress] = []
        for try await step in engine.backfill(since: fourYearsAgo.addingTimeInterval(-365 * 86_400)) {
            progress.append(step)
        }
        let steps = progress.filter { $0.type == SampleFactory.steps }
        #expect(steps.count >= 6, "a report per batch of 100 read")
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.done <= $1.done })
        // The 300 recent steps are the live sync's: the backfill sends the 250 before its start.
        #expect(steps.first?.estimatedTotal == 250)
        #expect(
            steps.last == BackfillProgress(type: SampleFactory.steps, done: 250, estimatedTotal: 250, finished: true))
        #expect(Set(progress.filter(\.finished).map(\.type)) == Set(SampleFactory.types))
        #expect(try await server.records(SampleFactory.steps).count == 550)
        let status = try await SyncAPI(transport: server.transport).syncStatus()
        #expect(status.backfillComplete)
        #expect(status.recommendedStartDate == nil)
        #expect(await engine.total.new == 630, "380 live and 250 from the backfill")
        #expect(await engine.total.sent == 630, "nothing sent twice")
        #expect(await engine.total.alreadyImported == 0)
    }

    @Test("An engine stopped after the server took a batch, and started again, loses nothing and sends nothing twice")
    func stoppedMidBatch() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        let samples = SampleFactory.samples(count: 450, type: SampleFactory.steps)
        await source.add(samples)
        let file = URL(fileURLWithPath: NSTemporaryDirectory() + "anchors-\(UUID().uuidString)/anchors.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let faulty = FaultyTransport(server: server.transport)
        await faulty.stop(afterSamplesBatch: 3)
        await #expect(throws: CancellationError.self) {
            try await engine(source, faulty, anchors: FileAnchorStore(url: file), batchSize: 100).sync()
        }
        #expect(try await server.records(SampleFactory.steps).count == 300)

        let again = try await engine(source, server.transport, anchors: FileAnchorStore(url: file), batchSize: 100)
            .sync()
        #expect(again.sent == 250, "the unacknowledged batch and the two after it")
        #expect(again.alreadyImported == 100)
        #expect(again.new == 150)
        let stored = try await server.records(SampleFactory.steps)
        #expect(stored.count == 450)
        #expect(Set(stored.compactMap { $0["uuid"] as? String }).count == 450)
        let nothingLeft = try await engine(source, server.transport, anchors: FileAnchorStore(url: file)).sync()
        #expect(nothingLeft.sent == 0)
    }

    @Test("A server answering 503 for a while, then 200: the engine retries and catches up")
    func serverUnavailableThenBack() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        await source.add(SampleFactory.samples(count: 120, type: SampleFactory.heartRate))
        let faulty = FaultyTransport(server: server.transport)
        await faulty.failNext(6)
        let summary = try await engine(source, faulty, batchSize: 50).sync()
        #expect(await faulty.answered503 == 6)
        #expect(summary.sent == 120)
        #expect(summary.new == 120)
        #expect(try await server.records(SampleFactory.heartRate).count == 120)
    }

    @Test("The engine gives up after the policy's attempts, keeping its anchor for the next sync")
    func givesUpAfterAttempts() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        await source.add(SampleFactory.samples(count: 30, type: SampleFactory.steps))
        let faulty = FaultyTransport(server: server.transport)
        await faulty.failNext(1_000)
        let anchors = MemoryAnchorStore()
        let engine = SyncEngine(
            source: source, transport: faulty, anchors: anchors, types: [SampleFactory.steps],
            retry: RetryPolicy(initialDelay: .milliseconds(1), maximumDelay: .milliseconds(2), maximumAttempts: 4))
        await #expect(throws: SyncError.self) { try await engine.sync() }
        #expect(await faulty.answered503 == 4)
        #expect(await anchors.value(for: "sync:\(SampleFactory.steps)") == nil)
        await faulty.failNext(0)
        #expect(try await engine.sync().new == 30)
    }

    @Test("A batch the server refuses with 400 is reported and skipped; the batches after it go through")
    func refusedBatchSkipped() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        var samples = SampleFactory.samples(count: 30, type: SampleFactory.steps)
        samples[14].end = samples[14].start.addingTimeInterval(-60)
        await source.add(samples)
        let engine = engine(source, server.transport, batchSize: 10)
        let summary = try await engine.sync()
        #expect(summary.rejected.count == 1)
        #expect(summary.rejected.first?.status == 400)
        #expect(summary.rejected.first?.message.contains("end is before start") == true)
        #expect(summary.new == 20)
        #expect(try await server.records(SampleFactory.steps).count == 20)
        #expect(try await engine.sync().sent == 0, "never sent again")
    }

    @Test("A sample deleted on the phone is marked deleted on the server; a late sample with an old date arrives")
    func deletionAndLateSample() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        let samples = SampleFactory.samples(count: 20, type: SampleFactory.heartRate)
        await source.add(samples)
        let engine = engine(source, server.transport)
        #expect(try await engine.sync().new == 20)

        let gone = [samples[3], samples[7], samples[11]]
        await source.delete(gone.map(\.healthKitUUID))
        let late = SampleFactory.sample(
            type: SampleFactory.heartRate, start: SampleFactory.base.addingTimeInterval(-2 * 365 * 86_400), index: 1)
        await source.add([late])
        let summary = try await engine.sync()
        #expect(summary.deletionsSent == 3)
        #expect(summary.deleted == 3)
        #expect(summary.unknownDeletions == 0)
        #expect(summary.new == 1)
        let stored = try await server.records(SampleFactory.heartRate)
        #expect(stored.count == 18)
        let starts = Set(
            stored.compactMap { $0["start"] as? String }.map {
                String($0.prefix(19)).replacingOccurrences(of: " ", with: "T")
            })
        #expect(starts.count == 18)
        for sample in gone {
            #expect(!starts.contains(Self.localSecond(sample.start)))
        }
        #expect(starts.contains(Self.localSecond(late.start)))
    }

    @Test("An export of the same person uploaded after the live sync adds nothing")
    func exportAfterLiveAddsNothing() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        var all: [HealthSample] = []
        for (type, count, step) in [
            (SampleFactory.steps, 200, -600.0), (SampleFactory.heartRate, 80, -300.0),
            (SampleFactory.weight, 12, -86_400.0), (SampleFactory.sleep, 30, -3_600.0),
        ] {
            all += SampleFactory.samples(count: count, type: type, step: step)
        }
        await source.add(all)
        let engine = engine(source, server.transport)
        #expect(try await engine.sync().new == all.count)
        await source.delete([all[5].healthKitUUID])
        #expect(try await engine.sync().deleted == 1)

        let remaining = all.enumerated().filter { $0.offset != 5 }.map(\.element)
        let types = try await server.uploadExport(ExportText.xml(remaining))
        for type in SampleFactory.types {
            let counts = types[type]
            #expect(counts?.new == 0, "\(type): \(String(describing: counts))")
            #expect(counts?.alreadyImported == remaining.filter { $0.type == type }.count)
        }
        #expect(try await server.records(SampleFactory.steps).count == 199)
        #expect(try await server.records(SampleFactory.heartRate).count == 80)
        #expect(try await server.records(SampleFactory.weight).count == 12)
        #expect(try await server.records(SampleFactory.sleep).count == 30)
    }

    @Test("Change notifications while the engine runs reach the server, coalesced into syncs")
    func notificationsCoalesced() async throws {
        let server = try TestServer()
        let source = SimulatedSampleSource()
        let engine = engine(source, server.transport)
        let running = Task { await engine.run() }
        try await Task.sleep(for: .milliseconds(200))
        for burst in 0..<5 {
            await source.add(
                SampleFactory.samples(
                    count: 40, type: SampleFactory.steps,
                    from: SampleFactory.base.addingTimeInterval(Double(burst) * 60_000)))
        }
        var count = 0
        for _ in 0..<100 where count < 200 {
            try await Task.sleep(for: .milliseconds(100))
            count = try await server.records(SampleFactory.steps).count
        }
        await source.finish()
        await running.value
        #expect(count == 200)
        if case .failure(let error)? = await engine.lastResult { Issue.record(error) }
    }

    /// `yyyy-MM-ddTHH:mm:ss` in this machine's zone, as the records route writes starts.
    static func localSecond(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
#endif
