#if SyncClient
#if canImport(HealthKit)
import Foundation
import HealthKit
import HealthSyncClient

/// A ``SampleSource`` over HealthKit: an `HKAnchoredObjectQuery` per request, its
/// `HKQueryAnchor` archived with `NSKeyedArchiver`; an `HKObserverQuery` per type with
/// background delivery for change notifications. The engine owns everything else.
///
/// An observer's completion handler is called once the next query of its type has read
/// every change (or after 25 seconds), so HealthKit keeps the app awake while it reads.
public final class HealthKitSource: SampleSource, @unchecked Sendable {
    // HKHealthStore is safe to use from any thread; `pending` is guarded by `lock`.
    public let store: HKHealthStore
    public let types: [String]
    private let lock = NSLock()
    private var pending: [String: [HKObserverQueryCompletionHandler]] = [:]

    /// `types` are the type identifiers to read (`HKQuantityTypeIdentifierStepCount`, ...).
    public init(store: HKHealthStore = HKHealthStore(), types: [String]) {
        self.store = store
        self.types = types
    }

    /// Asks the person to let the app read `types` (HealthKit asks once per type).
    public func requestAuthorization() async throws {
        let objectTypes = Set(types.compactMap(Self.sampleType(for:)).map { $0 as HKObjectType })
        try await store.requestAuthorization(toShare: [], read: objectTypes)
    }

    public func changes(of type: String, startingFrom: Date?, since anchor: Data?, limit: Int) async throws
        -> SampleChanges
    {
        guard let sampleType = Self.sampleType(for: type) else {
            throw HealthKitSourceError.unknownType(type)
        }
        let queryAnchor = try anchor.flatMap {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: $0)
        }
        let predicate = startingFrom.map {
            HKQuery.predicateForSamples(withStart: $0, end: nil, options: .strictStartDate)
        }
        let changes: SampleChanges = try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(
                type: sampleType, predicate: predicate, anchor: queryAnchor, limit: limit
            ) { _, samples, deleted, newAnchor, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                do {
                    guard let newAnchor else { throw HealthKitSourceError.noAnchor(type) }
                    let archived = try NSKeyedArchiver.archivedData(
                        withRootObject: newAnchor, requiringSecureCoding: true)
                    let samples = samples ?? []
                    let deleted = deleted ?? []
                    continuation.resume(
                        returning: SampleChanges(
                            added: samples.flatMap(HealthKitSampleMapper.samples(from:)),
                            deleted: deleted.map(\.uuid), nextAnchor: archived,
                            reachedLimit: samples.count + deleted.count >= limit))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            store.execute(query)
        }
        if !changes.reachedLimit { completeObservers(of: type) }
        return changes
    }

    /// HealthKit has no cheap count: the engine shows progress without a total.
    public func estimatedCount(of type: String, startingFrom date: Date?) async throws -> Int? { nil }

    /// One observer query per type, with background delivery, yielding the type's
    /// identifier on every change until the stream is dropped.
    public func changeNotifications() -> AsyncStream<String> {
        AsyncStream { continuation in
            var queries: [HKObserverQuery] = []
            for type in types {
                guard let sampleType = Self.sampleType(for: type) else { continue }
                let query = HKObserverQuery(sampleType: sampleType, predicate: nil) {
                    [weak self] _, completion, error in
                    guard let self, error == nil else {
                        completion()
                        return
                    }
                    self.hold(completion, for: type)
                    continuation.yield(type)
                }
                store.execute(query)
                queries.append(query)
                store.enableBackgroundDelivery(for: sampleType, frequency: .immediate) { _, _ in }
            }
            continuation.onTermination = { [store] _ in
                for query in queries { store.stop(query) }
            }
        }
    }

    private func hold(_ completion: @escaping HKObserverQueryCompletionHandler, for type: String) {
        lock.lock()
        pending[type, default: []].append(completion)
        lock.unlock()
        // HealthKit gives a background delivery about 30 seconds.
        DispatchQueue.global().asyncAfter(deadline: .now() + 25) { [weak self] in
            self?.completeObservers(of: type)
        }
    }

    private func completeObservers(of type: String) {
        lock.lock()
        let completions = pending.removeValue(forKey: type) ?? []
        lock.unlock()
        for completion in completions { completion() }
    }

    /// The HealthKit type of an identifier: quantity, category, correlation or workout.
    public static func sampleType(for identifier: String) -> HKSampleType? {
        if identifier == HKObjectType.workoutType().identifier { return HKObjectType.workoutType() }
        if identifier.hasPrefix("HKQuantityTypeIdentifier") {
            return HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
        }
        if identifier.hasPrefix("HKCategoryTypeIdentifier") {
            return HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier(rawValue: identifier))
        }
        if identifier.hasPrefix("HKCorrelationTypeIdentifier") {
            return HKObjectType.correlationType(forIdentifier: HKCorrelationTypeIdentifier(rawValue: identifier))
        }
        return nil
    }
}

/// Why a HealthKit query could not answer.
public enum HealthKitSourceError: Error, Sendable {
    case unknownType(String)
    case noAnchor(String)
}
#endif
#endif
