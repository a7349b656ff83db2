/// Per-type figures of the samples ``ExportReader/readOverview(onChunk:_:)`` counted without
/// building them as records.
public struct SampleTallies: Sendable {
    /// One type's figures.
    public struct Tally: Sendable, Equatable {
        /// The kind of the type's first sample.
        public var kind: RecordKind
        /// How many samples.
        public var count: Int
        /// The earliest start.
        public var first: ExportTimestamp
        /// The latest end.
        public var last: ExportTimestamp
    }

    /// Figures per type identifier.
    public internal(set) var types: [String: Tally] = [:]
    /// Samples per source name.
    public internal(set) var sources: [String: Int] = [:]

    /// No figures.
    public init() {}

    /// Adds the figures of `later`, counted after these.
    mutating func merge(_ later: SampleTallies) {
        for (type, tally) in later.types { merge(type: type, tally) }
        for (source, count) in later.sources { sources[source, default: 0] += count }
    }

    /// Adds `other`'s figures, keeping this one's kind where both have the type.
    mutating func merge(type: String, _ other: Tally) {
        guard var tally = types[type] else {
            types[type] = other
            return
        }
        tally.count += other.count
        if other.first < tally.first { tally.first = other.first }
        if other.last > tally.last { tally.last = other.last }
        types[type] = tally
    }
}
