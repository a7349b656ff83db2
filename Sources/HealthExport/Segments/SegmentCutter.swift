#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds where the export's byte stream can be cut between two top-level elements.
///
/// After the prolog, Apple's exports write each top-level element on lines of its own, indented
/// by one space, and everything inside one by more: a line feed followed by ` <` and a letter
/// starts a top-level element. A cut is placed on that line feed, so every segment after the
/// first starts with it: the parser that takes the segment counts the line feed itself, and the
/// column it starts from does not matter.
///
/// The pattern can also appear where no element starts (inside a comment, CDATA or an attribute
/// value spanning lines, or in a file indented some other way). The cutter does not try to know:
/// the parser that read up to a cut tells whether it ended between top-level elements (see
/// ``SegmentParser/Outcome/endsBetweenElements``), and when it did not, the rest of the export
/// goes to that parser alone.
enum SegmentCutter {
    /// The offset of the last cut in `bytes` that lies after `minimum`, if any.
    static func lastCut(in bytes: UnsafeRawBufferPointer, after minimum: Int) -> Int? {
        var at = bytes.count - 1
        // Backwards from the end: the last line is usually unfinished, the one before a record.
        while at > minimum {
            if bytes[at] == UInt8(ascii: "\n"), startsTopLevelElement(bytes, at) { return at }
            at -= 1
        }
        return nil
    }

    /// The first cut in `bytes` after the root's start tag that starts neither `ExportDate` nor
    /// `Me`: the export's facts come before it, its records after it.
    static func firstRecordCut(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, var at = find("<HealthData", in: bytes) else { return nil }
        while let next = ByteScan.find(
            UInt8(ascii: "\n"), base.assumingMemoryBound(to: UInt8.self) + at, bytes.count - at)
        {
            at += next
            if startsTopLevelElement(bytes, at) {
                // A name cut off by the end of the bytes may still grow into `ExportDate` or `Me`.
                guard let isFact = namesFact(bytes, at + 3) else { return nil }
                if !isFact { return at }
            }
            at += 1
        }
        return nil
    }

    /// The offset of the first `literal` in `bytes`.
    static func find(_ literal: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
        let length = literal.utf8CodeUnitCount
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var at = 0
        while let next = ByteScan.find(literal.utf8Start.pointee, start + at, bytes.count - at) {
            at += next
            guard at + length <= bytes.count else { return nil }
            if memcmp(start + at, literal.utf8Start, length) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// Whether the line feed at `at` is followed by one space, `<` and a letter.
    @inline(__always)
    static func startsTopLevelElement(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Bool {
        guard at + 3 < bytes.count, bytes[at + 1] == UInt8(ascii: " "), bytes[at + 2] == UInt8(ascii: "<") else {
            return false
        }
        let letter = bytes[at + 3] | 0x20
        return letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")
    }

    /// Whether the element name at `start` is `ExportDate` or `Me`; `nil` when the bytes end inside it.
    static func namesFact(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Bool? {
        var end = start
        while end < bytes.count, !ByteScan.isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"),
            bytes[end] != UInt8(ascii: "/")
        {
            end += 1
        }
        guard end < bytes.count else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        return name.elementsEqual("ExportDate".utf8) || name.elementsEqual("Me".utf8)
    }

    /// How many line feeds `bytes` holds, sixteen bytes at a time.
    static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        let lineFeed = SIMD16<UInt8>(repeating: UInt8(ascii: "\n"))
        var total = 0
        var index = 0
        let count = bytes.count
        while index + 16 <= count {
            // Per-lane counts of up to 255 blocks, added up before they can wrap.
            var lanes = SIMD16<UInt8>()
            var blocks = 0
            while blocks < 255, index + 16 <= count {
                let block = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: block .== lineFeed)
                index += 16
                blocks += 1
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < count {
            if bytes[index] == UInt8(ascii: "\n") { total += 1 }
            index += 1
        }
        return total
    }
}
