#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ExportReader {
    /// How many libxml2 parsers read the records when this process starts: what the
    /// environment variable `HEALTHIMPORT_PARSERS` says (`1` or `2`, for benchmarks and tests
    /// that compare the two), else 2 on a machine of more than two cores and 1 on one of two
    /// or fewer. The scan leaves one parser's thread cheaper than the thread that takes its
    /// records (identity, JSON or the store), so on two cores a second parser only adds a thread
    /// to share them: `records` and a new store's import measured faster on one.
    public static let defaultParsers = parsersChosen ?? (sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 2 ? 2 : 1)

    /// How many threads scan an overview when this process starts: 2, or 1 when the
    /// environment variable `HEALTHIMPORT_PARSERS` is `1`. The overview's scan costs far less
    /// per record than its consumer and two threads measured faster than one on two cores.
    public static let defaultOverviewThreads = parsersChosen ?? 2

    /// What the environment variable `HEALTHIMPORT_PARSERS` chooses: 1 when it is `1`, else 2.
    private static let parsersChosen: Int? = getenv("HEALTHIMPORT_PARSERS").map { String(cString: $0) == "1" ? 1 : 2 }

    /// The bytes a segment of a two-parser read, or of a two-thread overview, holds at least:
    /// 256 KiB, or the environment variable `HEALTHIMPORT_SEGMENT_BYTES` when it is a positive
    /// number (the fuzz targets cut every few lines, so that small inputs are shared out too).
    static let defaultSegmentBytes: Int = {
        guard let value = getenv("HEALTHIMPORT_SEGMENT_BYTES"), let bytes = Int(String(cString: value)), bytes > 0
        else { return 256 << 10 }
        return bytes
    }()

    /// Whether record reads scan the markup when this process starts (see ``RecordScan``):
    /// yes, unless the environment variable `HEALTHIMPORT_SCAN` is `0` (for benchmarks and
    /// fuzzing that compare with libxml2 alone).
    static let defaultScanning: Bool = {
        guard let value = getenv("HEALTHIMPORT_SCAN") else { return true }
        return String(cString: value) != "0"
    }()

    /// Reads the XML on two parsers (see ``SegmentedRead``), deciding with `plan`.
    func readSegments(
        plan: @escaping (RecordKind, String) -> TypePlan, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> ReadReport {
        let read = SegmentedRead(
            displayName: repair.displayName, plan: plan, segmentBytes: segmentBytes, scanning: scansRecords, body)
        defer { read.stop() }
        let input = ReadAhead(repair, chunkSize: chunkBytes, progress: progress)
        defer { input.stop() }
        defer { segmentStatistics = read.statistics }
        try read.run { take in
            let more = try input.nextChunk { take($0) }
            if read.exportVersion == nil { read.exportVersion = input.figures.exportVersion }
            read.textIsRepaired = input.figures.isPlainText
            read.textIsUTF8 = input.figures.repairsText
            return more
        }
        if !read.sawRoot {
            throw ExportError(.notAnExport, "not a Health export: no <HealthData> element", path: repair.displayName)
        }
        var report = read.report
        if report.facts.version == nil { report.facts.version = input.figures.exportVersion }
        report.bytesRead = input.figures.bytesRead
        report.replacedControlCharacters = input.figures.replacedControlCharacters
        report.replacedInvalidUTF8Bytes = input.figures.replacedInvalidUTF8Bytes
        report.repairedLegacyAttributes = input.figures.legacyAttributeRepair
        return report
    }
}
