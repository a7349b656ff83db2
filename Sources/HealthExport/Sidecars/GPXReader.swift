import CLibXML2

/// Reads a workout route file (`workout-routes/route_….gpx`) with libxml2's SAX2 push parser.
///
/// Each `<trkpt lat= lon=>` becomes a ``RoutePoint`` with its `<ele>`, `<time>` (ISO 8601 UTC,
/// `2019-06-11T22:00:42Z`) and the `<extensions>` Apple writes: `<speed>`, `<course>`, `<hAcc>`,
/// `<vAcc>`. Points without a valid latitude and longitude are left out. Memory stays flat
/// apart from the points themselves.
public enum GPXReader {
    /// The chunk size handed to libxml2.
    static let chunkSize = 64 << 10

    /// The points of the GPX in `source`, in document order.
    public static func read(_ source: ByteSource) throws(ExportError) -> [RoutePoint] {
        let state = GPXState(displayName: source.displayName)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }

        var handler = xmlSAXHandler()
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            GPXState.from(context).startElement(localName!, AttributeList(base: attributes, count: Int(attributeCount)))
        }
        handler.endElementNs = { context, localName, _, _ in
            GPXState.from(context).endElement(localName!)
        }
        handler.characters = { context, characters, length in
            GPXState.from(context).characters(characters!, Int(length))
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            GPXState.from(context).libxmlError(error.pointee)
        }

        let first = try source.read(into: buffer)
        guard first > 0 else {
            throw ExportError(.malformed, "the route file is empty", path: source.displayName)
        }
        let parser = try PushParser.make(
            handler: &handler, context: Unmanaged.passUnretained(state).toOpaque(), name: source.displayName,
            first: UnsafeRawBufferPointer(rebasing: buffer[..<first]), options: Int32(XML_PARSE_COMPACT.rawValue))
        defer { xmlFreeParserCtxt(parser) }
        state.parser = parser

        while state.failure == nil {
            let count = try source.read(into: buffer)
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            let terminate = count == 0
            if let message = PushParser.parseChunk(parser, terminate ? nil : base, count, terminate: terminate) {
                state.conversionError = state.conversionError ?? message
            }
            // A parser halted before the end with no error reported stopped at bytes it could not
            // convert: the points after them would be lost without a word.
            if state.failure == nil, state.conversionError != nil || (!terminate && PushParser.halted(parser)) {
                state.failConversion()
            }
            if terminate { break }
        }
        if let failure = state.failure { throw failure }
        return state.points
    }
}

/// All state of one GPX parse; libxml2's callbacks recover it from their context pointer.
final class GPXState {
    enum Field { case elevation, time, speed, course, horizontalAccuracy, verticalAccuracy }

    let displayName: String
    var parser: xmlParserCtxtPtr?
    var failure: ExportError?
    /// The first error libxml2 raised without its parser: bytes not valid in the declared encoding.
    var conversionError: String?
    var points: [RoutePoint] = []
    private var point: RoutePoint?
    private var field: Field?
    private var text: [UInt8] = []

    init(displayName: String) {
        self.displayName = displayName
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> GPXState {
        Unmanaged<GPXState>.fromOpaque(context!).takeUnretainedValue()
    }

    func startElement(_ name: UnsafePointer<UInt8>, _ attributes: AttributeList) {
        if AttributeList.equal(name, "trkpt") || AttributeList.equal(name, "rtept") {
            point = RoutePoint(
                time: nil, latitude: attributes.value(of: "lat").flatMap(NumberParser.parseDouble) ?? .nan,
                longitude: attributes.value(of: "lon").flatMap(NumberParser.parseDouble) ?? .nan)
            return
        }
        guard point != nil else { return }
        field = Self.field(name)
        text.removeAll(keepingCapacity: true)
    }

    func endElement(_ name: UnsafePointer<UInt8>) {
        guard var current = point else { return }
        if AttributeList.equal(name, "trkpt") || AttributeList.equal(name, "rtept") {
            if !current.latitude.isNaN, !current.longitude.isNaN { points.append(current) }
            point = nil
            return
        }
        guard let field, field == Self.field(name) else { return }
        self.field = nil
        text.withUnsafeBytes { raw in
            let bytes = Self.trimmed(raw)
            switch field {
            case .time: current.time = TimestampParser.parse(bytes)
            case .elevation: current.elevation = NumberParser.parseDouble(bytes)
            case .speed: current.speed = NumberParser.parseDouble(bytes)
            case .course: current.course = NumberParser.parseDouble(bytes)
            case .horizontalAccuracy: current.horizontalAccuracy = NumberParser.parseDouble(bytes)
            case .verticalAccuracy: current.verticalAccuracy = NumberParser.parseDouble(bytes)
            }
        }
        point = current
    }

    func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard field != nil, text.count < 256 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    func libxmlError(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR, failure == nil else { return }
        // libxml2's own decoders stop at bytes they cannot convert and then see a document cut short.
        if conversionError != nil || parser.map(PushParser.holdsUnconvertedBytes) == true { return failConversion() }
        let message = ParseState.oneLine(error.message.map { String(cString: $0) } ?? "malformed XML")
        failure = ExportError(
            .malformed, "the route file is not valid GPX: \(message)", path: displayName,
            line: error.line > 0 ? Int(error.line) : nil, column: error.int2 > 0 ? Int(error.int2) : nil)
        if let parser { xmlStopParser(parser) }
    }

    /// Fails where libxml2 stopped, on bytes not valid in the encoding the route declares.
    func failConversion() {
        failure = PushParser.conversionFailure(
            parser, input: "the route file", message: conversionError, path: displayName)
        if let parser { xmlStopParser(parser) }
    }

    private static func field(_ name: UnsafePointer<UInt8>) -> Field? {
        if AttributeList.equal(name, "ele") { return .elevation }
        if AttributeList.equal(name, "time") { return .time }
        if AttributeList.equal(name, "speed") { return .speed }
        if AttributeList.equal(name, "course") { return .course }
        if AttributeList.equal(name, "hAcc") { return .horizontalAccuracy }
        if AttributeList.equal(name, "vAcc") { return .verticalAccuracy }
        return nil
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
