/// Counts the plain top-level `Record` elements ``OverviewScanner`` reads without libxml2: their
/// types, kinds, date ranges and sources, keyed by interned byte strings so that a sample costs
/// no `String`.
struct SampleCounter {
    private let types = StringInterner(capacity: 4096)
    private let sources = StringInterner(capacity: 4096)
    private var typeGeneration = 0
    private var sourceGeneration = 0
    /// Per interned type: its tally so far, and its kind unless it is a weight.
    private var typeTallies: [SampleTallies.Tally?] = []
    private var kinds: [RecordKind?] = []
    private var sourceCounts: [Int] = []
    private var unnamedSources = 0
    private var folded = SampleTallies()
    /// Samples counted.
    private(set) var count = 0

    /// The type's kind, read once per distinct type.
    mutating func kind(typeID: Int, type: String) -> RecordKind {
        if typeID < kinds.count, let kind = kinds[typeID] { return kind }
        while kinds.count <= typeID { kinds.append(nil) }
        let kind = SampleKinds.kind(of: type)
        kinds[typeID] = kind
        return kind
    }

    /// The interned type of `bytes`.
    mutating func type(_ bytes: UnsafeRawBufferPointer) -> (string: String, id: Int) {
        let interned = types.intern(bytes)
        if types.generation != typeGeneration {
            foldTypes()
            typeGeneration = types.generation
        }
        return interned
    }

    /// Counts one sample.
    mutating func add(typeID: Int, type: String, kind: RecordKind, source: UnsafeRawBufferPointer, start: ExportTimestamp, end: ExportTimestamp) {
        count += 1
        while typeTallies.count <= typeID { typeTallies.append(nil) }
        if var tally = typeTallies[typeID] {
            tally.count += 1
            if start < tally.first { tally.first = start }
            if end > tally.last { tally.last = end }
            typeTallies[typeID] = tally
        } else {
            typeTallies[typeID] = SampleTallies.Tally(kind: kind, count: 1, first: start, last: end)
            typeNames[typeID] = type
        }
        guard source.count > 0 else {
            unnamedSources += 1
            return
        }
        let id = sources.intern(source).id
        if sources.generation != sourceGeneration {
            foldSources()
            sourceGeneration = sources.generation
        }
        while sourceCounts.count <= id { sourceCounts.append(0) }
        sourceCounts[id] += 1
        if sourceCounts[id] == 1 { sourceNames[id] = sources.intern(source).string }
    }

    private var typeNames: [Int: String] = [:]
    private var sourceNames: [Int: String] = [:]

    private mutating func foldTypes() {
        for (id, tally) in typeTallies.enumerated() {
            if let tally, let name = typeNames[id] { folded.merge(type: name, tally) }
        }
        typeTallies.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        typeNames.removeAll(keepingCapacity: true)
    }

    private mutating func foldSources() {
        for (id, count) in sourceCounts.enumerated() where count > 0 {
            if let name = sourceNames[id] { folded.sources[name, default: 0] += count }
        }
        sourceCounts.removeAll(keepingCapacity: true)
        sourceNames.removeAll(keepingCapacity: true)
    }

    /// All figures counted.
    mutating func tallies() -> SampleTallies {
        foldTypes()
        foldSources()
        if unnamedSources > 0 {
            folded.sources["", default: 0] += unnamedSources
            unnamedSources = 0
        }
        return folded
    }
}
