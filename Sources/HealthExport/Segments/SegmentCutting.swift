/// The bytes read and not yet cut off as a segment, and the cutting itself, shared by the
/// two-parser read (``SegmentedRead``) and the two-thread overview (``SegmentedOverview``): a
/// segment holds at least `segmentBytes` and ends at the last cut in them (see
/// ``SegmentCutter``); the first ends no earlier than the first record, after the export's facts.
final class SegmentCutting {
    let segmentBytes: Int
    /// The bytes read since the last cut.
    private(set) var pending: SegmentBuffer
    /// Where the first segment's head (prolog, root tag, facts) ends, once found.
    private(set) var headEnd: Int?
    /// How many segments were cut off.
    private(set) var cuts = 0
    private var spare: [SegmentBuffer] = []

    init(segmentBytes: Int) {
        self.segmentBytes = segmentBytes
        pending = SegmentBuffer(capacity: segmentBytes + 64 << 10)
    }

    /// Adds bytes read.
    func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(bytes)
    }

    /// Cuts the next segment off the front of the pending bytes, when they hold a segment's
    /// worth and a cut; the rest stays pending.
    func cut() -> SegmentBuffer? {
        guard pending.count >= segmentBytes else { return nil }
        if cuts == 0, headEnd == nil { headEnd = SegmentCutter.firstRecordCut(in: pending.bytes) }
        let minimum = cuts == 0 ? headEnd ?? pending.count : 0
        guard let at = SegmentCutter.lastCut(in: pending.bytes, after: minimum) else { return nil }
        let rest = takeBuffer()
        rest.append(UnsafeRawBufferPointer(rebasing: pending.bytes[at...]))
        pending.truncate(to: at)
        defer {
            pending = rest
            cuts += 1
        }
        return pending
    }

    /// Whether the pending bytes went megabytes without a cut: input with no line structure
    /// to cut along.
    var isUnstructured: Bool { pending.count >= max(segmentBytes * 16, 4 << 20) }

    /// Hands out the pending bytes whole, uncut.
    func takePending() -> SegmentBuffer {
        defer { pending = takeBuffer() }
        return pending
    }

    /// An empty buffer, reused when one was given back.
    func takeBuffer() -> SegmentBuffer {
        if let buffer = spare.popLast() {
            buffer.removeAll()
            return buffer
        }
        return SegmentBuffer(capacity: segmentBytes + 64 << 10)
    }

    /// Gives a buffer back for reuse.
    func recycle(_ buffer: SegmentBuffer) {
        if spare.count < 4 { spare.append(buffer) }
    }
}
