#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the plain top-level `Record` elements ``OverviewScanner`` reads without libxml2: their
/// types, kinds, date ranges and sources, keyed by interned byte strings so that a sample costs
/// no `String`.
struct SampleCounter {
    /// One interned type: its name, the kind its records take, and its figures so far.
    private struct TypeSlot {
        var name: String
        var kind: RecordKind
        var isMemberType: Bool
        var tally: SampleTallies.Tally?
    }

    private let types = StringInterner(capacity: 4096)
    private let sources = StringInterner(capacity: 4096)
    private var typeSlots: [TypeSlot?] = []
    private var sourceSlots: [(name: String, count: Int)?] = []
    private var unnamedSources = 0
    private var folded = SampleTallies()
    /// Samples counted.
    private(set) var count = 0
    // The last type and source interned, with their numbers: an export writes each type's
    // records together, mostly from one source at a time, so most look-ups end here.
    private var lastType: [UInt8] = []
    private var lastTypeID = -1
    private var lastSource: [UInt8] = []
    private var lastSourceID = -1

    /// The interned type of `bytes`, and the kind its records take (a weight's may still change).
    mutating func type(_ bytes: UnsafeRawBufferPointer) -> (id: Int, kind: RecordKind) {
        if lastTypeID >= 0, Self.same(lastType, bytes) { return (lastTypeID, typeSlots[lastTypeID]!.kind) }
        let (id, kind) = internType(bytes)
        lastType = Array(bytes)
        lastTypeID = id
        return (id, kind)
    }

    private mutating func internType(_ bytes: UnsafeRawBufferPointer) -> (id: Int, kind: RecordKind) {
        let generation = types.generation
        let (name, id) = types.intern(bytes)
        if types.generation != generation { foldTypes() }
        while typeSlots.count <= id { typeSlots.append(nil) }
        if let slot = typeSlots[id] { return (id, slot.kind) }
        let kind = SampleKinds.kind(of: name)
        typeSlots[id] = TypeSlot(name: name, kind: kind, isMemberType: Correlation.isMemberType(name))
        return (id, kind)
    }

    /// Whether the type `typeID` from ``type(_:)`` can be a correlation member: its records
    /// are built, not counted, so that the summary counts them once as the record stream does.
    func isMemberType(_ typeID: Int) -> Bool {
        typeSlots[typeID]!.isMemberType
    }

    /// Counts one sample of the type `typeID` from ``type(_:)``.
    mutating func add(
        typeID: Int, kind: RecordKind, source: UnsafeRawBufferPointer, start: ExportTimestamp, end: ExportTimestamp
    ) {
        count += 1
        Self.count(into: &typeSlots[typeID]!.tally, kind: kind, start: start, end: end)
        guard source.count > 0 else {
            unnamedSources += 1
            return
        }
        if lastSourceID >= 0, Self.same(lastSource, source) {
            sourceSlots[lastSourceID]!.count += 1
            return
        }
        let generation = sources.generation
        let (name, id) = sources.intern(source)
        if sources.generation != generation { foldSources() }
        while sourceSlots.count <= id { sourceSlots.append(nil) }
        if sourceSlots[id] == nil { sourceSlots[id] = (name, 0) }
        sourceSlots[id]!.count += 1
        lastSource = Array(source)
        lastSourceID = id
    }

    private static func same(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        known.count == bytes.count
            && known.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// Adds a sample to `tally` where it lies, with no copy of the slot.
    private static func count(
        into tally: inout SampleTallies.Tally?, kind: RecordKind, start: ExportTimestamp, end: ExportTimestamp
    ) {
        guard tally != nil else {
            tally = SampleTallies.Tally(kind: kind, count: 1, first: start, last: end)
            return
        }
        tally!.count += 1
        if start < tally!.first { tally!.first = start }
        if end > tally!.last { tally!.last = end }
    }

    // When an interner starts over, the figures of its old numbers move to `folded`.
    private mutating func foldTypes() {
        for case let slot? in typeSlots { if let tally = slot.tally { folded.merge(type: slot.name, tally) } }
        typeSlots.removeAll(keepingCapacity: true)
        lastTypeID = -1
    }

    private mutating func foldSources() {
        for case let slot? in sourceSlots { folded.sources[slot.name, default: 0] += slot.count }
        sourceSlots.removeAll(keepingCapacity: true)
        lastSourceID = -1
    }

    /// The figures counted since the last call, after which the counter starts from zero
    /// (keeping the strings it knows).
    mutating func takeTallies() -> SampleTallies {
        // The slots stay, emptied, so that the strings known keep their kinds and names.
        for id in typeSlots.indices {
            guard let tally = typeSlots[id]?.tally else { continue }
            folded.merge(type: typeSlots[id]!.name, tally)
            typeSlots[id]!.tally = nil
        }
        for id in sourceSlots.indices {
            guard let slot = sourceSlots[id], slot.count > 0 else { continue }
            folded.sources[slot.name, default: 0] += slot.count
            sourceSlots[id]!.count = 0
        }
        if unnamedSources > 0 {
            folded.sources["", default: 0] += unnamedSources
            unnamedSources = 0
        }
        defer {
            folded = SampleTallies()
            count = 0
        }
        return folded
    }
}
