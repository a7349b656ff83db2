/// One member of a zip archive, as its central directory describes it.
public struct ZipEntry: Sendable, Equatable {
    /// The member's path inside the archive (`apple_health_export/export.xml`), decoded from
    /// UTF-8 when the archive says so (flag bit 11 or an Info-ZIP Unicode path field), else from CP437.
    public var name: String
    /// The compressed size in bytes.
    public var compressedSize: UInt64
    /// The uncompressed size in bytes, as the directory declares it.
    public var uncompressedSize: UInt64
    /// The compression method: 0 stored, 8 deflated; others are not supported.
    public var method: UInt16
    /// The offset of the member's local header from the start of the file.
    public var localHeaderOffset: UInt64
    /// The general-purpose flags (bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8 names).
    public var flags: UInt16
    /// The CRC-32 of the uncompressed data.
    public var crc32: UInt32

    /// Creates an entry.
    public init(
        name: String, compressedSize: UInt64, uncompressedSize: UInt64, method: UInt16, localHeaderOffset: UInt64,
        flags: UInt16, crc32: UInt32
    ) {
        self.name = name
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
        self.method = method
        self.localHeaderOffset = localHeaderOffset
        self.flags = flags
        self.crc32 = crc32
    }

    /// Whether the entry is a folder (its name ends in `/`).
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// Whether the entry is encrypted (flag bit 0), which this reader cannot read.
    public var isEncrypted: Bool { flags & 0x0001 != 0 }

    /// Whether the sizes and CRC follow the data in a data descriptor (flag bit 3).
    public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }

    /// Whether the name was stored as UTF-8 (flag bit 11).
    public var hasUTF8Name: Bool { flags & 0x0800 != 0 }
}
