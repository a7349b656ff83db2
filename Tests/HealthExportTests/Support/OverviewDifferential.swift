import HealthExport
import HealthFixtures

/// What the overview and a full read of the same bytes say, for comparing them.
struct OverviewDifferential {
    /// Records per type: counted by the overview or yielded by the read.
    typealias Counts = [String: Int]

    /// The overview's counts, `nil` when it stepped aside, or its error.
    var overview: Result<Counts?, any Error>
    /// The full read's counts or its error.
    var full: Result<Counts, any Error>

    init(_ bytes: [UInt8], chunk: Int = 1 << 16) {
        overview = Result {
            var counts: Counts = [:]
            do {
                let (_, samples) = try ExportReader(source: MemorySource(bytes: bytes, chunk: chunk))
                    .readOverview(onChunk: {}) { counts[$0.type, default: 0] += 1 }
                for (type, tally) in samples.types { counts[type, default: 0] += tally.count }
                return counts
            } catch is ExportReader.OverviewUnavailable {
                return nil
            }
        }
        full = Result {
            var counts: Counts = [:]
            _ = try ExportReader(source: MemorySource(bytes: bytes, chunk: chunk)).read {
                counts[$0.type, default: 0] += 1
            }
            return counts
        }
    }

    /// Whether `summary` (the overview, or the full read where it steps aside) succeeds exactly
    /// when `records` does, with the same counts.
    var agrees: Bool {
        switch (overview, full) {
        case (.success(let counts?), .success(let fullCounts)): counts == fullCounts
        case (.success(nil), _): true
        case (.success, .failure): false
        case (.failure, .failure): true
        case (.failure, .success): false
        }
    }

    /// Whether the overview stepped aside.
    var steppedAside: Bool {
        if case .success(nil) = overview { return true }
        return false
    }
}
