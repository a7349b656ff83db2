import HealthExport

/// Cuts a stream of XML bytes into tokens (text, tags, comments, …) for a ``MarkupRewriting``
/// handler, holding only the token that straddles two reads: memory stays at one read plus the
/// longest token.
///
/// It is no validating parser: it finds where each token ends (quotes respected inside tags) and
/// leaves the rest to the handler. Text is handed over whole, up to the next `<`.
final class MarkupScanner {
    /// The longest token held while waiting for its end.
    static let tokenLimit = 16 << 20
    /// How much is read from the source at a time.
    static let readSize = 256 << 10

    private var pending: [UInt8] = []
    /// Bytes of the stream before `pending`'s first.
    private(set) var consumed: Int64 = 0

    /// Feeds all of `source` through `handler`, calling `check` before each read.
    func run(_ source: ByteSource, _ handler: some MarkupRewriting, between check: () throws -> Void = {}) throws {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            try check()
            let count = try source.read(into: chunk)
            if count > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
            try scan(final: count == 0, handler, name: source.displayName)
            if count == 0 { break }
        }
    }

    private func scan(final: Bool, _ handler: some MarkupRewriting, name: String) throws {
        var position = 0
        try pending.withUnsafeMutableBytes { bytes in
            while position < bytes.count {
                guard let (token, end) = Self.token(in: bytes, at: position, final: final) else { break }
                try handler.handle(
                    token, UnsafeMutableRawBufferPointer(rebasing: bytes[position..<end]),
                    at: consumed + Int64(position))
                position = end
            }
        }
        if position > 0 {
            pending.removeSubrange(..<position)
            consumed += Int64(position)
        }
        if final, !pending.isEmpty {
            throw ExportError(.truncated, "the file ends inside a tag (truncated?)", path: name)
        }
        if pending.count > Self.tokenLimit {
            throw ExportError(.tooLarge, "a tag or text longer than \(Self.tokenLimit >> 20) MB", path: name)
        }
    }

    /// The token at `start` and where it ends, or `nil` when its end has not been read yet.
    static func token(in bytes: UnsafeMutableRawBufferPointer, at start: Int, final: Bool)
        -> (MarkupToken, Int)?
    {
        let count = bytes.count
        if bytes[start] != 0x3C {
            guard let end = find(0x3C, in: bytes, from: start) else { return final ? (.text, count) : nil }
            return (.text, end)
        }
        guard start + 1 < count else { return nil }
        switch bytes[start + 1] {
        case 0x2F:  // </
            guard let end = find(0x3E, in: bytes, from: start) else { return nil }
            return (.endTag, end + 1)
        case 0x3F:  // <?
            guard let end = find([0x3F, 0x3E], in: bytes, from: start + 2) else { return nil }
            return (.processingInstruction, end + 2)
        case 0x21:  // <!
            if starts(bytes, start, "<!--") {
                guard let end = find([0x2D, 0x2D, 0x3E], in: bytes, from: start + 4) else { return nil }
                return (.comment, end + 3)
            }
            if starts(bytes, start, "<![CDATA[") {
                guard let end = find([0x5D, 0x5D, 0x3E], in: bytes, from: start + 9) else { return nil }
                return (.cdata, end + 3)
            }
            guard start + 9 <= count else { return nil }
            return doctypeEnd(bytes, start).map { (.doctype, $0) }
        default:
            guard let end = tagEnd(bytes, start) else { return nil }
            return (.startTag(empty: bytes[end - 1] == 0x2F), end + 1)
        }
    }

    /// The index of the `>` closing the tag at `start`, quotes respected.
    private static func tagEnd(_ bytes: UnsafeMutableRawBufferPointer, _ start: Int) -> Int? {
        var quote: UInt8 = 0
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x3E {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The end of `<!DOCTYPE …>`: past `]>` when it has an internal subset.
    private static func doctypeEnd(_ bytes: UnsafeMutableRawBufferPointer, _ start: Int) -> Int? {
        var index = start + 2
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x5B {
                guard let close = find([0x5D], in: bytes, from: index), let end = find(0x3E, in: bytes, from: close)
                else { return nil }
                return end + 1
            } else if byte == 0x3E {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    static func starts(_ bytes: UnsafeMutableRawBufferPointer, _ start: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard start + length <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in
            (0..<length).allSatisfy { bytes[start + $0] == pattern[$0] }
        }
    }

    static func find(_ byte: UInt8, in bytes: UnsafeMutableRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    static func find(_ pattern: [UInt8], in bytes: UnsafeMutableRawBufferPointer, from start: Int) -> Int? {
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] }) {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// What ``MarkupScanner`` hands its tokens to.
protocol MarkupRewriting: AnyObject {
    /// Handles one token: `bytes` are its own, which the handler may change in place;
    /// `offset` is where it starts in the stream.
    func handle(_ token: MarkupToken, _ bytes: UnsafeMutableRawBufferPointer, at offset: Int64) throws
}
