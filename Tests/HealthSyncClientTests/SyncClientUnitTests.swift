#if SyncClient
import Foundation
import HealthSyncClient
import Testing

@Suite struct SyncClientUnitTests {
    @Test("The simulated source answers as HKAnchoredObjectQuery: limits, anchors, predicate, deletions")
    func anchoredSemantics() async throws {
        let source = SimulatedSampleSource()
        let samples = SampleFactory.samples(count: 25, type: SampleFactory.steps)
        await source.add(samples)
        let first = await source.changes(of: SampleFactory.steps, startingFrom: nil, since: nil, limit: 10)
        #expect(first.added == Array(samples[0..<10]))
        #expect(first.reachedLimit)
        let rest = await source.changes(of: SampleFactory.steps, startingFrom: nil, since: first.nextAnchor, limit: 100)
        #expect(rest.added == Array(samples[10...]))
        #expect(!rest.reachedLimit)
        await source.delete([samples[2].healthKitUUID, UUID()])
        let after = await source.changes(of: SampleFactory.steps, startingFrom: nil, since: rest.nextAnchor, limit: 100)
        #expect(after.added.isEmpty)
        #expect(after.deleted == [samples[2].healthKitUUID])
        let recent = await source.changes(
            of: SampleFactory.steps, startingFrom: samples[4].start, since: nil, limit: 100)
        #expect(recent.added.map(\.healthKitUUID) == [0, 1, 3, 4].map { samples[$0].healthKitUUID })
        #expect(await source.estimatedCount(of: SampleFactory.steps, startingFrom: nil) == 24)
    }

    @Test("Retry waits grow with each attempt, stay under the maximum, and wait at least Retry-After")
    func retryDelays() {
        let policy = RetryPolicy(initialDelay: .seconds(1), maximumDelay: .seconds(30))
        #expect(policy.delay(afterAttempt: 1, retryAfter: "7") == .seconds(7))
        #expect(policy.delay(afterAttempt: 1, retryAfter: "3600") == .seconds(30))
        // A short Retry-After does not cut the backoff: the sixth wait's bound, 32 s, is capped
        // at the maximum, and the wait is half of that to all of it.
        for _ in 0..<100 {
            let sixth = policy.delay(afterAttempt: 6, retryAfter: "1")
            #expect(sixth >= .seconds(15) && sixth <= .seconds(30))
        }
        for attempt in 1...10 {
            let delay = policy.delay(afterAttempt: attempt, retryAfter: nil)
            let bound = min(Duration.seconds(1 << (attempt - 1)), .seconds(30))
            #expect(delay <= bound && delay >= bound / 2)
        }
        #expect(RetryPolicy.isRetryable(503) && RetryPolicy.isRetryable(429) && !RetryPolicy.isRetryable(400))
    }

    @Test("The file anchor store keeps anchors across instances and replaces its file whole")
    func fileAnchors() async throws {
        let folder = NSTemporaryDirectory() + "anchors-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = URL(fileURLWithPath: folder + "/anchors.json")
        try await FileAnchorStore(url: url).setValue(Data("42".utf8), for: "sync:steps")
        try await FileAnchorStore(url: url).setValue(Data("7".utf8), for: "sync:sleep")
        let store = FileAnchorStore(url: url)
        #expect(try await store.value(for: "sync:steps") == Data("42".utf8))
        #expect(try await store.value(for: "sync:sleep") == Data("7".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["anchors.json"])
        try "not json".write(to: url, atomically: true, encoding: .utf8)
        await #expect(throws: SyncError.self) { try await FileAnchorStore(url: url).value(for: "sync:steps") }
    }

    @Test("Samples are written in the JSON the samples route takes, dates to the second with the zone's offset")
    func sampleJSON() throws {
        let sample = HealthSample(
            healthKitUUID: UUID(uuidString: "0F3A8C52-3D0B-4F5E-9C56-1C0C4C1B2A11")!,
            type: "HKQuantityTypeIdentifierBodyMass", sourceName: "Scale",
            start: Date(timeIntervalSince1970: 1_729_857_884.75), end: Date(timeIntervalSince1970: 1_729_857_884.75),
            value: .quantity(70.2, unit: "kg"))
        let data = try SampleEncoder(timeZone: TimeZone(secondsFromGMT: -5 * 3600)!).encode([sample])
        let object = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        #expect(object["start"] as? String == "2024-10-25T07:04:44-05:00")
        #expect(object["kind"] as? String == "weight")
        #expect(object["unit"] as? String == "kg")
        #expect(object["healthKitUUID"] as? String == "0F3A8C52-3D0B-4F5E-9C56-1C0C4C1B2A11")
    }

    @Test("A sample with an offset of its own (a replayed export's) is written with it, the others with the zone's")
    func sampleOffset() throws {
        let start = Date(timeIntervalSince1970: 1_729_857_884)
        func sample(_ offset: Int?) -> HealthSample {
            HealthSample(
                healthKitUUID: UUID(), type: "HKQuantityTypeIdentifierStepCount", sourceName: "Phone", start: start,
                end: start.addingTimeInterval(600), created: start.addingTimeInterval(700),
                value: .quantity(120, unit: "count"), utcOffsetSeconds: offset)
        }
        let data = try SampleEncoder(timeZone: TimeZone(identifier: "UTC")!).encode([
            sample(2 * 3600), sample(nil), sample(-(9 * 3600 + 30 * 60)),
        ])
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(
            objects.map { $0["start"] as? String } == [
                "2024-10-25T14:04:44+02:00", "2024-10-25T12:04:44Z", "2024-10-25T02:34:44-09:30",
            ])
        #expect(objects[0]["end"] as? String == "2024-10-25T14:14:44+02:00")
        #expect(objects[0]["created"] as? String == "2024-10-25T14:16:24+02:00")
    }
}
#endif
