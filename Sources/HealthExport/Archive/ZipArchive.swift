/// A zip archive read in place: its central directory is parsed once, and entries are streamed
/// from the file on demand (``ZipEntrySource``), never extracted to disk.
///
/// Handles the end-of-central-directory record, zip64 (locator, record and the extra fields of
/// members over 4 GB), stored and deflated members, data descriptors, and names in UTF-8 or CP437.
/// Split and encrypted archives are refused with a ``ExportError/Code/badArchive`` error.
///
/// ```swift
/// let archive = try ZipArchive(path: "export.zip")
/// let entry = archive.entries.first { $0.name.hasSuffix("export.xml") }!
/// let reader = ExportReader(source: try archive.source(for: entry))
/// ```
public final class ZipArchive {
    /// The archive's name for messages (its path, or `<stdin>`).
    public var displayName: String { file.displayName }
    /// The members in central-directory order.
    public let entries: [ZipEntry]

    let file: ArchiveFile

    /// The largest central directory read into memory (an export with 100 000 route files needs ~10 MB).
    static let directoryLimit: UInt64 = 256 << 20

    /// Opens the zip archive at `path` and reads its directory.
    public convenience init(path: String) throws(ExportError) {
        try self.init(file: ArchiveFile(path: path))
    }

    init(file: ArchiveFile) throws(ExportError) {
        self.file = file
        entries = try ZipDirectory.read(file)
    }

    /// The entry named exactly `name`, if any.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// A byte source over `entry`'s uncompressed data.
    public func source(for entry: ZipEntry) throws(ExportError) -> ZipEntrySource {
        try ZipEntrySource(archive: self, entry: entry)
    }
}

/// Reads a zip's end-of-central-directory records and central directory.
enum ZipDirectory {
    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let centralSignature: UInt32 = 0x0201_4B50

    static func read(_ file: ArchiveFile) throws(ExportError) -> [ZipEntry] {
        let name = file.displayName
        guard file.size >= 22 else {
            throw ExportError(
                .badArchive, "the zip archive is truncated: it is too short to hold a zip directory", path: name)
        }
        // The end record is the last 22 bytes plus a comment of up to 65 535 bytes.
        let tailLength = Int(min(file.size, 22 + 0xFFFF))
        let tailStart = file.size - UInt64(tailLength)
        let tail = try file.bytes(at: tailStart, count: tailLength, what: "the end record")
        var found: Int?
        var index = tailLength - 22
        while index >= 0 {
            if tail[index] == 0x50, tail.le32(index) == endSignature,
                index + 22 + Int(tail.le16(index + 20)) <= tailLength
            {
                found = index
                break
            }
            index -= 1
        }
        guard let end = found else {
            throw ExportError(
                .badArchive,
                "not a complete zip archive: no end-of-central-directory record (is the download truncated?)",
                path: name)
        }
        let endOffset = tailStart + UInt64(end)
        var disk = UInt32(tail.le16(end + 4))
        var directoryDisk = UInt32(tail.le16(end + 6))
        var count = UInt64(tail.le16(end + 10))
        var directorySize = UInt64(tail.le32(end + 12))
        var directoryOffset = UInt64(tail.le32(end + 16))

        // Zip64: a locator sits just before the end record and points at the zip64 end record.
        if endOffset >= 20 {
            let locator = try file.bytes(at: endOffset - 20, count: 20, what: "the zip64 locator")
            if locator.le32(0) == zip64LocatorSignature {
                let recordOffset = locator.le64(8)
                let record = try file.bytes(at: recordOffset, count: 56, what: "the zip64 end record")
                guard record.le32(0) == zip64EndSignature else {
                    throw ExportError(.badArchive, "the zip64 end record is damaged", path: name)
                }
                disk = record.le32(16)
                directoryDisk = record.le32(20)
                count = record.le64(32)
                directorySize = record.le64(40)
                directoryOffset = record.le64(48)
            }
        }
        guard disk == 0, directoryDisk == 0 else {
            throw ExportError(
                .badArchive, "split (multi-part) zip archives are not supported; join the parts first", path: name)
        }
        guard directorySize <= ZipArchive.directoryLimit else {
            throw ExportError(
                .tooLarge, "the zip directory is larger than \(ZipArchive.directoryLimit >> 20) MB", path: name)
        }
        guard directoryOffset <= file.size, directorySize <= file.size - directoryOffset else {
            throw ExportError(
                .badArchive, "the zip archive is truncated: its directory lies beyond the end of the file", path: name)
        }
        let directory = try file.bytes(at: directoryOffset, count: Int(directorySize), what: "the central directory")
        return try entries(in: directory, count: count, name: name)
    }

    static func entries(in directory: [UInt8], count: UInt64, name: String) throws(ExportError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(min(count, 1 << 20)))
        var at = 0
        while at + 46 <= directory.count, directory.le32(at) == centralSignature {
            let flags = directory.le16(at + 8)
            let method = directory.le16(at + 10)
            let crc = directory.le32(at + 16)
            var compressed = UInt64(directory.le32(at + 20))
            var uncompressed = UInt64(directory.le32(at + 24))
            let nameLength = Int(directory.le16(at + 28))
            let extraLength = Int(directory.le16(at + 30))
            let commentLength = Int(directory.le16(at + 32))
            var offset = UInt64(directory.le32(at + 42))
            let nameStart = at + 46
            let extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= directory.count else { break }
            let rawName = directory[nameStart..<extraStart]
            var decoded: String?
            // Extra fields: zip64 sizes and offset (0x0001), Info-ZIP Unicode path (0x7075).
            var field = extraStart
            while field + 4 <= extraStart + extraLength {
                let id = directory.le16(field)
                let size = Int(directory.le16(field + 2))
                let body = field + 4
                guard body + size <= extraStart + extraLength else { break }
                if id == 0x0001 {
                    var cursor = body
                    func next64() -> UInt64? {
                        guard cursor + 8 <= body + size else { return nil }
                        defer { cursor += 8 }
                        return directory.le64(cursor)
                    }
                    if uncompressed == 0xFFFF_FFFF { uncompressed = next64() ?? uncompressed }
                    if compressed == 0xFFFF_FFFF { compressed = next64() ?? compressed }
                    if offset == 0xFFFF_FFFF { offset = next64() ?? offset }
                } else if id == 0x7075, size > 5, directory[body] == 1,
                    directory.le32(body + 1) == CRC32.checksum(rawName)
                {
                    decoded = validUTF8(directory[(body + 5)..<(body + size)])
                }
                field = body + size
            }
            if decoded == nil, flags & 0x0800 != 0 {
                decoded = validUTF8(rawName)
            }
            entries.append(
                ZipEntry(
                    name: decoded ?? CodePage437.decode(rawName), compressedSize: compressed,
                    uncompressedSize: uncompressed, method: method, localHeaderOffset: offset, flags: flags, crc32: crc)
            )
            at = next
        }
        // The 16-bit count wraps in archives with over 65 535 entries that are not zip64.
        if UInt64(entries.count) != count && UInt64(entries.count & 0xFFFF) != count {
            throw ExportError(
                .badArchive,
                "the zip directory is damaged: it declares \(count) entries but holds \(entries.count)", path: name)
        }
        return entries
    }
}

/// `bytes` as a string when they are valid UTF-8, else `nil`.
func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    var scalars = String.UnicodeScalarView()
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput: return String(scalars)
        case .error: return nil
        }
    }
}
