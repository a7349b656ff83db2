import HealthExport

/// Rewrites one GPX route file: every date (`<time>`, the date in `<name>`) shifted, the points
/// of the first and last 500 m of each `<trkseg>` left out, comments dropped; the rest as it came.
final class RouteRewriter: MarkupRewriting {
    private let shift: DateShift
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var out: [UInt8] = []
    private var tag = StartTag()
    private var depth = 0
    private var segmentDepth: Int?
    private var item: [UInt8] = []
    private var coordinate: (latitude: Double, longitude: Double)?
    private var trimmer = RouteTrimmer()

    /// Points left out so far.
    var pointsDropped: Int { trimmer.dropped }

    init(shift: DateShift, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.shift = shift
        self.write = write
    }

    func handle(_ token: MarkupToken, _ bytes: UnsafeMutableRawBufferPointer, at offset: Int64) throws {
        switch token {
        case .comment, .cdata, .doctype:
            return
        case .processingInstruction:
            if depth == 0 { emit(bytes) }
        case .text:
            shift.apply(bytes)
            emit(bytes)
        case .startTag(let empty):
            guard tag.parse(bytes) else {
                throw ExportError(.malformed, "a tag the redaction cannot read, at byte \(offset + 1)")
            }
            shift.apply(bytes)
            if let segment = segmentDepth, depth == segment, tag.isNamed("trkpt", in: bytes) {
                coordinate = Self.coordinate(tag, bytes)
            }
            emit(bytes)
            if let segment = segmentDepth, depth == segment, empty { finishItem() }
            if !empty {
                depth += 1
                if segmentDepth == nil, tag.isNamed("trkseg", in: bytes) { segmentDepth = depth }
            }
        case .endTag:
            defer { depth -= 1 }
            if let segment = segmentDepth {
                if depth == segment + 1 {
                    item.append(contentsOf: bytes)
                    finishItem()
                    return
                }
                if depth == segment {
                    let tail = item
                    segmentDepth = nil
                    item = []
                    trimmer.finish { out.append(contentsOf: $0) }
                    out.append(contentsOf: tail)
                }
            }
            emit(bytes)
        }
        if out.count >= ExportRewriter.flushSize { try flush() }
    }

    /// Hands on what is left; call after the last token.
    func finish() throws {
        trimmer.finish { out.append(contentsOf: $0) }
        try flush()
    }

    private func flush() throws {
        try out.withUnsafeBytes { try write($0) }
        out.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: UnsafeMutableRawBufferPointer) {
        if segmentDepth != nil { item.append(contentsOf: bytes) } else { out.append(contentsOf: bytes) }
    }

    private func finishItem() {
        let gathered = item
        item = []
        trimmer.add(gathered, coordinate: coordinate) { out.append(contentsOf: $0) }
        coordinate = nil
    }

    private static func coordinate(_ tag: StartTag, _ bytes: UnsafeMutableRawBufferPointer) -> (
        latitude: Double, longitude: Double
    )? {
        guard let latitude = tag.value("lat", in: bytes), let longitude = tag.value("lon", in: bytes),
            let lat = NumberParser.parseDouble(UnsafeRawBufferPointer(rebasing: bytes[latitude])),
            let lon = NumberParser.parseDouble(UnsafeRawBufferPointer(rebasing: bytes[longitude]))
        else { return nil }
        return (lat, lon)
    }
}
