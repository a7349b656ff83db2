#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ExportReader {
    /// ``readOverview(onChunk:_:)`` met something only ``read(_:)`` reads exactly (a malformed
    /// or truncated file, CDATA, text between elements, ...). Nothing is lost: open the export
    /// again and read it in full, which also gives a malformed file its precise error.
    public struct OverviewUnavailable: Error, CustomStringConvertible {
        /// What the overview could not handle.
        public let reason: String

        public var description: String { "an overview cannot be read: \(reason)" }
    }

    /// Reads the export for an overview, several times faster than ``read(_:)``.
    ///
    /// Plain top-level `Record` elements (nearly all of an export's bytes) are counted into the
    /// returned ``SampleTallies`` without being built; every other record reaches `body` as
    /// ``read(_:)`` would yield it, and the report counts what a full read
    /// counts. The reader's `plan` is not applied. `onChunk` is called about every 256 KiB (for
    /// progress and cancelling; what it throws stops the read). Throws ``OverviewUnavailable``
    /// when the export needs the full reader; the reader is used up either way.
    public func readOverview(
        onChunk: @escaping () throws -> Void, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> (report: ReadReport, samples: SampleTallies) {
        let (report, samples) = try readOverviewDocument(plan: { _, _ in .all }, onChunk: onChunk, body)
        return (report, samples)
    }

    /// The overview of the XML alone, deciding with `plan` (for ``PackageReader``).
    func readOverviewDocument(
        plan: @escaping (RecordKind, String) -> TypePlan, onChunk: () throws -> Void,
        _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> (ReadReport, SampleTallies) {
        let state = ParseState(displayName: displayName, plan: plan, sink: body)
        var scanner = OverviewScanner(delegate: try DelegateParser(state: state))
        // Tokens cut by a chunk's end wait here for the next chunk; the rest is scanned in place.
        var carry = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * Self.chunkSize, alignment: 16)
        defer { carry.deallocate() }
        var carried = 0
        func keep(_ bytes: UnsafeRawBufferPointer) {
            if carry.count - carried < bytes.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: 2 * (carried + bytes.count), alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: carry[0..<carried]))
                carry.deallocate()
                carry = larger
            }
            UnsafeMutableRawBufferPointer(rebasing: carry[carried...]).copyMemory(from: bytes)
            carried += bytes.count
        }
        let input = ReadAhead(repair, chunkSize: Self.chunkSize, progress: progress)
        defer { input.stop() }
        while true {
            let more = try input.nextChunk { chunk in
                if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
                if carried > 0 { keep(chunk) }
                let bytes = carried > 0 ? UnsafeRawBufferPointer(rebasing: carry[0..<carried]) : chunk
                let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let consumed = try Self.overview { try scanner.scan(start, count: bytes.count, final: false) }
                scanner.shift(by: consumed)
                let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
                if carried > 0 {
                    if consumed > 0 { memmove(carry.baseAddress!, carry.baseAddress! + consumed, rest.count) }
                    carried = rest.count
                } else {
                    keep(rest)
                }
            }
            try onChunk()
            if !more { break }
        }
        if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
        let start = carry.baseAddress!.assumingMemoryBound(to: UInt8.self)
        _ = try Self.overview { try scanner.scan(start, count: carried, final: true) }
        try Self.overview { try scanner.delegate.finish() }
        guard state.sawRoot else { throw OverviewUnavailable(reason: "no <HealthData> element") }
        var report = state.report
        report.elementsRead += scanner.counter.count
        for (name, count) in scanner.unknownElements { report.unknownElements[name, default: 0] += count }
        report.bytesRead = input.figures.bytesRead
        report.replacedControlCharacters = input.figures.replacedControlCharacters
        report.replacedInvalidUTF8Bytes = input.figures.replacedInvalidUTF8Bytes
        report.repairedLegacyAttributes = input.figures.legacyAttributeRepair
        return (report, scanner.counter.tallies())
    }

    /// Runs a step of the overview, turning what the full reader would report as malformed
    /// into ``OverviewUnavailable``; errors of the input or of `body` pass unchanged.
    private static func overview<T>(_ step: () throws -> T) throws -> T {
        do {
            return try step()
        } catch let unsure as OverviewScanner.Unsure {
            throw OverviewUnavailable(reason: unsure.reason)
        } catch let error as ExportError where [.malformed, .truncated, .notAnExport].contains(error.code) {
            throw OverviewUnavailable(reason: error.description)
        }
    }
}
