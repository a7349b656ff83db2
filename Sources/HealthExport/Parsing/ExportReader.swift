import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an Apple Health `export.xml` with libxml2's SAX2 push parser and yields typed records.
///
/// Memory stays flat whatever the export's size: the input is read in fixed chunks and each
/// record is handed over as soon as its element closes. External entities and DTDs are never
/// loaded; the internal DTD is not interpreted (see ``ExportRepair``).
///
/// ```swift
/// let reader = try ExportReader(path: "export.xml")
/// let report = try reader.read { record in print(record.type) }
/// ```
public final class ExportReader {
    /// The chunk size handed to libxml2.
    public static let chunkSize = 256 << 10

    let repair: ExportRepair

    /// Decides, once per distinct type, which records to yield. Defaults to all.
    public var plan: (RecordKind, String) -> TypePlan = { _, _ in .all }

    /// Reads from `source`.
    public init(source: ByteSource) {
        repair = ExportRepair(source)
    }

    /// Reads the file at `path`, or standard input for `-`.
    public convenience init(path: String) throws(ExportError) {
        self.init(source: try FileByteSource(path: path))
    }

    /// The name used in messages.
    public var displayName: String { repair.displayName }

    /// Bytes read from the source so far (for progress); safe to read from any thread.
    public var bytesRead: Int64 { progress.load() }

    let progress = Locked<Int64>(0)

    /// How many libxml2 parsers read the records: 2 cuts the XML between top-level elements and
    /// parses alternate segments on two threads, with exactly the records, order, counts and
    /// errors of 1. Defaults to ``defaultParsers``.
    public var parsers = ExportReader.defaultParsers

    /// How many threads scan the overview (``readOverview(onChunk:_:)``): 2 cuts the XML as two
    /// parsers do, with exactly the result of 1. Defaults to ``defaultOverviewThreads``.
    public var overviewThreads = ExportReader.defaultOverviewThreads

    /// Whether the record read lets a byte scanner read the markup (every top-level element but
    /// `ExportDate` and `Me`) and libxml2 only the rest, which is faster: records, order, counts
    /// and errors are those of libxml2 alone. Defaults to `true`, or `false` when the environment
    /// variable `HEALTHIMPORT_SCAN` is `0`.
    public var scansRecords = ExportReader.defaultScanning

    /// The bytes a segment of a two-parser read holds at least (the tests cut smaller).
    var segmentBytes = ExportReader.defaultSegmentBytes

    /// The bytes read from the source at a time (the tests read smaller).
    var chunkBytes = ExportReader.chunkSize

    /// How the last two-parser read, or two-thread overview, split its segments.
    var segmentStatistics = SegmentedRead.Statistics()

    /// The source's size, when known up front.
    public var expectedByteCount: Int64? { repair.expectedByteCount }

    /// Reads the whole export, calling `body` for each record in document order.
    ///
    /// The first record is always `.export` with the export's facts. An error thrown by `body`
    /// stops the read and is rethrown as is. Malformed XML throws an ``ExportError`` with the
    /// line and column; records yielded before it stay yielded. The XML alone: a
    /// ``PackageReader`` adds the package's sidecar files.
    public func read(_ body: @escaping (HealthRecord) throws -> Void) throws -> ReadReport {
        try readDocument(plan: plan, body)
    }

    /// Reads the XML alone, deciding with `plan`.
    func readDocument(
        plan: @escaping (RecordKind, String) -> TypePlan, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> ReadReport {
        if parsers > 1 { return try readSegments(plan: plan, body) }
        let state = ParseState(displayName: repair.displayName, plan: plan, sink: body)
        let scan = try RecordScan(state: state, scanning: scansRecords)
        let input = ReadAhead(repair, chunkSize: chunkBytes, progress: progress)
        defer { input.stop() }
        while state.failure == nil {
            let more = try input.nextChunk { chunk in
                if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
                scan.feed(chunk, textIsRepaired: input.figures.isPlainText)
            }
            if !more {
                if state.report.facts.version == nil { state.report.facts.version = input.figures.exportVersion }
                scan.finish()
                break
            }
        }
        if let failure = state.failure { throw failure }
        if !state.sawRoot {
            throw ExportError(.notAnExport, "not a Health export: no <HealthData> element", path: repair.displayName)
        }
        state.report.bytesRead = input.figures.bytesRead
        state.report.replacedControlCharacters = input.figures.replacedControlCharacters
        state.report.replacedInvalidUTF8Bytes = input.figures.replacedInvalidUTF8Bytes
        state.report.repairedLegacyAttributes = input.figures.legacyAttributeRepair
        return state.report
    }
}

extension ParseState {
    /// A libxml2 push parser whose callbacks drive this state; the caller frees it.
    func makePushParser() throws(ExportError) -> xmlParserCtxtPtr {
        var handler = xmlSAXHandler()
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            ParseState.from(context).startElement(
                localName!, AttributeList(base: attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, _, _, _ in
            ParseState.from(context).endElement()
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            ParseState.from(context).libxmlError(error.pointee)
        }
        let parser = try PushParser.make(
            handler: &handler, context: Unmanaged.passUnretained(self).toOpaque(), name: displayName,
            options: Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_COMPACT.rawValue))
        self.parser = parser
        return parser
    }

    /// Notes how the bytes about to be handed to libxml2 end (see ``endsAfterTag``).
    func noteEnd(of chunk: UnsafeRawBufferPointer) {
        var index = chunk.count - 1
        while index >= 0, chunk[index] == 0x20 || chunk[index] == 0x0A || chunk[index] == 0x0D || chunk[index] == 0x09 {
            index -= 1
        }
        if index >= 0 { endsAfterTag = chunk[index] == UInt8(ascii: ">") }
    }

    /// libxml2's message on one line: some span two (`Input is not proper UTF-8` then the bytes).
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// Whether libxml2 stands before the input's last `<`: its error lies in a tag the input
    /// goes on after.
    private var stoppedBeforeLastTag: Bool {
        guard let input = parser?.pointee.input?.pointee, let cur = input.cur, let end = input.end, end - cur > 1
        else { return false }
        return memchr(cur + 1, Int32(UInt8(ascii: "<")), end - cur - 1) != nil
    }

    /// Whether libxml2 holds bytes it could not convert from the encoding the export declares:
    /// its own decoders (US-ASCII, ISO-8859-1) stop at such bytes without an error.
    private var holdsUnconvertedBytes: Bool {
        parser.map(PushParser.holdsUnconvertedBytes) ?? false
    }

    /// Handles an error libxml2 reports: fatal ones stop the parse, others become warnings.
    func libxmlError(_ error: xmlError) {
        let message = Self.oneLine(error.message.map { String(cString: $0) } ?? "malformed XML")
        let line = Int(error.line)
        let column = Int(error.int2)
        if error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR {
            // At the end of the input, an open element (or no root yet) means the file was cut,
            // unless the error lies before the input's last tag: that tag is broken, whatever
            // follows it. (How far libxml2 parsed before the end depends on how the bytes came.)
            let truncated = terminating && (!stack.isEmpty || !sawRoot) && !stoppedBeforeLastTag
            // libxml2 stopped at bytes it could not convert, not at the end of the file.
            if truncated, conversionError != nil || holdsUnconvertedBytes { return failConversion() }
            var text = message
            if truncated {
                text =
                    endsAfterTag
                    ? "the export ends before `</HealthData>` (truncated?)"
                    : "the export ends inside a tag, before `</HealthData>` (truncated?)"
            }
            fail(
                ExportError(
                    truncated ? .truncated : .malformed, text, path: displayName, line: line > 0 ? line : nil,
                    column: column > 0 ? column : nil))
        } else {
            report.warn("\(displayName):\(line):\(column): warning: \(message)")
        }
    }
}
