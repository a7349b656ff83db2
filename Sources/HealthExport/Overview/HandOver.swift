/// Where ``OverviewScanner`` sends the bytes of the elements it leaves to libxml2: a
/// ``DelegateParser`` on the reading thread, or a ``HandOverRecording`` on a segment's thread,
/// replayed into the parser in file order.
protocol HandOverTarget: AnyObject {
    /// The line and column of the next bytes' first byte.
    func move(line: Int, column: Int)
    /// The next bytes of the handed-over elements.
    func feed(_ start: UnsafePointer<UInt8>, _ count: Int) throws
}

extension DelegateParser: HandOverTarget {}

/// Records what a segment's scanner hands over, for ``take()`` to pass on with the segment's outcome.
final class HandOverRecording: HandOverTarget {
    private var recorded = HandedOver()

    func move(line: Int, column: Int) {
        recorded.marks.append((recorded.bytes.count, line, column))
    }

    func feed(_ start: UnsafePointer<UInt8>, _ count: Int) {
        recorded.bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    }

    /// What was recorded since the last call.
    func take() -> HandedOver {
        defer { recorded = HandedOver() }
        return recorded
    }
}

/// The bytes a segment's scanner handed over, to feed to the reading thread's
/// ``DelegateParser`` once the segments before it are in.
struct HandedOver: Sendable {
    /// Where each run of handed-over bytes starts, with its line (counted from the segment's
    /// first line, which is 1) and column.
    var marks: [(offset: Int, line: Int, column: Int)] = []
    var bytes: [UInt8] = []

    /// Feeds the runs to `parser`, the segment's first line being line `firstLine` of the file.
    func replay(into parser: DelegateParser, firstLine: Int) throws {
        try bytes.withUnsafeBufferPointer { all in
            for (index, mark) in marks.enumerated() {
                let end = index + 1 < marks.count ? marks[index + 1].offset : all.count
                parser.move(line: firstLine + mark.line - 1, column: mark.column)
                if end > mark.offset { try parser.feed(all.baseAddress! + mark.offset, end - mark.offset) }
            }
        }
    }
}
