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

    /// The overview of the XML alone, deciding with `plan` (for ``PackageReader``): on two
    /// threads (see ``SegmentedOverview``) when ``parsers`` is 2.
    func readOverviewDocument(
        plan: @escaping (RecordKind, String) -> TypePlan, onChunk: () throws -> Void,
        _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> (ReadReport, SampleTallies) {
        let scan = try OverviewScan(displayName: displayName, plan: plan, body: body)
        let state = scan.state
        let input = ReadAhead(repair, chunkSize: chunkBytes, progress: progress)
        defer { input.stop() }
        func next(_ take: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
            let more = try input.nextChunk { chunk in
                if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
                scan.textIsRepaired = input.figures.repairsText
                try take(chunk)
            }
            try onChunk()
            return more
        }
        if overviewThreads > 1 {
            let segments = SegmentedOverview(scan: scan, segmentBytes: segmentBytes)
            defer {
                segments.stop()
                segmentStatistics = segments.statistics
            }
            try segments.run { take in try next(take) }
        } else {
            while try next({ try scan.scan($0) }) {}
            try scan.finish()
        }
        if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
        guard state.sawRoot else { throw OverviewUnavailable(reason: "no <HealthData> element") }
        // The scanner left these two to the repair's count.
        guard input.figures.nonCharacters == 0 else {
            throw OverviewUnavailable(reason: "U+FFFE or U+FFFF in the text")
        }
        var report = state.report
        report.elementsRead += scan.elementsCounted
        for (name, count) in scan.unknownElements { report.unknownElements[name, default: 0] += count }
        report.bytesRead = input.figures.bytesRead
        report.replacedControlCharacters = input.figures.replacedControlCharacters
        report.replacedInvalidUTF8Bytes = input.figures.replacedInvalidUTF8Bytes
        report.repairedLegacyAttributes = input.figures.legacyAttributeRepair
        return (report, scan.tallies)
    }
}
