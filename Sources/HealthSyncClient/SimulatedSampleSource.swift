#if SyncClient
import Foundation

/// A ``SampleSource`` in memory with `HKAnchoredObjectQuery`'s semantics, for tests and
/// `healthimport simulate-phone`: every addition and deletion gets the next position in one
/// change log; an anchor is a position; a query returns the type's changes after it, additions
/// filtered by the start predicate, deletions always, at most `limit` together, and the anchor
/// of the last one returned (the newest position once nothing is left). A sample added with an
/// old date is a change like any other, so it arrives after the anchor.
public actor SimulatedSampleSource: SampleSource {
    private enum Change {
        case added(HealthSample)
        case deleted(UUID)
    }

    /// Per type, the changes in position order.
    private var log: [String: [(position: Int64, change: Change)]] = [:]
    private var position: Int64 = 0
    /// The type of each sample present.
    private var present: [UUID: String] = [:]
    private var observers: [UUID: AsyncStream<String>.Continuation] = [:]
    private var finished = false

    public init() {}

    /// Adds `samples` (HealthKit's save).
    public func add(_ samples: [HealthSample]) {
        var types = Set<String>()
        for sample in samples where present[sample.healthKitUUID] == nil {
            position += 1
            log[sample.type, default: []].append((position, .added(sample)))
            present[sample.healthKitUUID] = sample.type
            types.insert(sample.type)
        }
        notify(types)
    }

    /// Deletes the samples with `uuids` (HealthKit's delete); unknown UUIDs are ignored.
    public func delete(_ uuids: [UUID]) {
        var types = Set<String>()
        for uuid in uuids {
            guard let type = present.removeValue(forKey: uuid) else { continue }
            position += 1
            log[type, default: []].append((position, .deleted(uuid)))
            types.insert(type)
        }
        notify(types)
    }

    /// Ends the change notifications' streams.
    public func finish() {
        finished = true
        for continuation in observers.values { continuation.finish() }
        observers = [:]
    }

    public func changes(of type: String, startingFrom: Date?, since anchor: Data?, limit: Int) -> SampleChanges {
        let after = anchor.flatMap(Self.position(of:)) ?? 0
        let changes = log[type] ?? []
        var index = Self.firstIndex(after: after, in: changes)
        var added: [HealthSample] = []
        var deleted: [UUID] = []
        var last = after
        while index < changes.count, added.count + deleted.count < limit {
            let (at, change) = changes[index]
            last = at
            index += 1
            switch change {
            case .added(let sample):
                // A sample deleted since is reported by its deletion alone.
                guard present[sample.healthKitUUID] != nil else { continue }
                if let startingFrom, sample.start < startingFrom { continue }
                added.append(sample)
            case .deleted(let uuid):
                deleted.append(uuid)
            }
        }
        let reachedLimit = index < changes.count
        let next = reachedLimit ? last : max(last, position)
        return SampleChanges(
            added: added, deleted: deleted, nextAnchor: Self.anchor(next), reachedLimit: reachedLimit)
    }

    public func estimatedCount(of type: String, startingFrom date: Date?) -> Int? {
        var count = 0
        for (_, change) in log[type] ?? [] {
            guard case .added(let sample) = change, present[sample.healthKitUUID] != nil else { continue }
            if let date, sample.start < date { continue }
            count += 1
        }
        return count
    }

    public func changeNotifications() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        if finished {
            continuation.finish()
        } else {
            observers[id] = continuation
        }
        continuation.onTermination = { _ in Task { await self.stopObserving(id) } }
        return stream
    }

    private func stopObserving(_ id: UUID) {
        observers[id] = nil
    }

    private func notify(_ types: Set<String>) {
        for type in types.sorted() {
            for continuation in observers.values { continuation.yield(type) }
        }
    }

    private static func firstIndex(after position: Int64, in changes: [(position: Int64, change: Change)]) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    static func anchor(_ position: Int64) -> Data {
        Data(String(position).utf8)
    }

    static func position(of anchor: Data) -> Int64? {
        Int64(String(decoding: anchor, as: UTF8.self))
    }
}
#endif
