/// What an export holds: per type, how many records and over which dates; per source, how many.
public struct ExportSummary: Sendable {
    /// One type's figures.
    public struct TypeFigures: Sendable, Equatable {
        /// The record kind of the type.
        public var kind: RecordKind
        /// How many records.
        public var count = 0
        /// The earliest start.
        public var first: ExportTimestamp?
        /// The latest end.
        public var last: ExportTimestamp?
    }

    /// The export's facts.
    public var facts = ExportFacts()
    /// Figures per type.
    public var types: [String: TypeFigures] = [:]
    /// Records per source name.
    public var sources: [String: Int] = [:]
    /// What the reader reported (repairs, unknown elements, invalid records).
    public var read = ReadReport()

    /// An empty summary.
    public init() {}

    /// Adds one record.
    public mutating func add(_ record: HealthRecord) {
        if case .export(let facts) = record {
            self.facts = facts
            return
        }
        let type = record.type
        var figures = types[type] ?? TypeFigures(kind: record.kind)
        figures.count += 1
        if let start = record.start, figures.first.map({ start < $0 }) ?? true { figures.first = start }
        if let end = record.end ?? record.start, figures.last.map({ end > $0 }) ?? true { figures.last = end }
        types[type] = figures
        if let source = record.sourceName { sources[source, default: 0] += 1 }
    }

    /// Adds a record and, for a correlation, its members, as the record stream yields them:
    /// records of member types only when `countsMember` says so.
    public mutating func add(_ record: HealthRecord, countsMember: (HealthRecord) -> Bool) {
        switch record {
        case .correlation(let correlation):
            add(record)
            for member in correlation.members where countsMember(member.record) { add(member.record) }
        case .quantity(let sample) where Correlation.isMemberType(sample.header.type):
            if countsMember(record) { add(record) }
        default:
            add(record)
        }
    }

    /// The number of records of all types.
    public var recordCount: Int { types.values.reduce(0) { $0 + $1.count } }
}

extension ExportSummary {
    /// Adds samples counted without being built (see ``ExportReader/readOverview(onChunk:_:)``);
    /// a type already present keeps its kind.
    public mutating func add(_ samples: SampleTallies) {
        for (type, tally) in samples.types {
            var figures = types[type] ?? TypeFigures(kind: tally.kind)
            figures.count += tally.count
            if figures.first.map({ tally.first < $0 }) ?? true { figures.first = tally.first }
            if figures.last.map({ tally.last > $0 }) ?? true { figures.last = tally.last }
            types[type] = figures
        }
        for (source, count) in samples.sources { sources[source, default: 0] += count }
    }

    /// Summarises an export: by ``ExportReader/readOverview(onChunk:_:)`` when it can, else
    /// (or when `reopenable` is false, as for standard input) by a full read.
    ///
    /// - Parameters:
    ///   - open: opens the export; called a second time when the overview gives way to a full read.
    ///   - reopenable: whether `open` can be called twice.
    ///   - countsMember: makes, for each read (the overview, then a full read if it steps aside),
    ///     a fresh rule that says for each record of a type that can be a correlation member
    ///     (see ``Correlation/isMemberType(_:)``), inside a correlation or at top level, in
    ///     document order, whether it counts. Pass the rule the record stream yields them by
    ///     (once per identity), so that the summary counts per type what `records` prints.
    ///   - progress: called often with the reader in use; what it throws stops the read.
    public static func read(
        opening open: () throws -> any RecordSource, reopenable: Bool,
        countsMember: () -> (HealthRecord) -> Bool = { { _ in true } },
        progress: @escaping (any RecordSource) throws -> Void
    ) throws -> ExportSummary {
        if reopenable {
            let reader = try open()
            var summary = ExportSummary()
            let countsMember = countsMember()
            do {
                let (report, samples) = try reader.readOverview(onChunk: { try progress(reader) }) { record in
                    summary.add(record, countsMember: countsMember)
                }
                summary.add(samples)
                summary.read = report
                return summary
            } catch is ExportReader.OverviewUnavailable {
                // Read in full below: it reads exactly what the overview could not, errors included.
            }
        }
        let reader = try open()
        var summary = ExportSummary()
        let countsFullReadMember = countsMember()
        summary.read = try reader.read { record in
            try progress(reader)
            summary.add(record, countsMember: countsFullReadMember)
        }
        return summary
    }
}
