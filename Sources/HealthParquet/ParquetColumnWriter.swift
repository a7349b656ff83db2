/// The values of one column for the row group being written: the page being filled, the pages
/// already encoded and compressed, and, for a dictionary column, the row group's dictionary.
///
/// A page is encoded as soon as it fills, so a row group costs its compressed size in memory;
/// the row group's pages are written to the file, after the dictionary page, when the row group ends.
public final class ParquetColumnWriter {
    /// The column's description.
    public let column: ParquetColumn

    /// A page ends after this many rows or about this many bytes of values, whichever comes first.
    static let pageRows = 1 << 16
    static let pageBytes = 1 << 20

    private var levels: [UInt32] = []
    private var values: [UInt8] = []
    private var indices: [UInt32] = []
    private var rowsInPage = 0
    private var valuesInPage = 0

    private var dictionary: [String: UInt32] = [:]
    private var dictionaryValues: [UInt8] = []
    private var lastString: String?
    private var lastIndex: UInt32 = 0

    private var pages: [UInt8] = []
    private var rowsInChunk = 0
    private var uncompressedPageBytes = 0

    init(column: ParquetColumn) {
        self.column = column
    }

    /// What the row group holds of this column in memory, in bytes.
    public var bufferedBytes: Int {
        values.count + indices.count * 4 + levels.count * 4 + pages.count + dictionaryValues.count * 2
    }

    /// Appends an `INT64` value, or a null.
    @inline(__always)
    public func append(_ value: Int64?) {
        precondition(column.storage == .int64, "\(column.name) holds no INT64")
        guard let value = value else { return appendNull() }
        withUnsafeBytes(of: value.littleEndian) { values.append(contentsOf: $0) }
        appendDefined()
    }

    /// Appends an `INT32` value, or a null.
    @inline(__always)
    public func append(_ value: Int32?) {
        precondition(column.storage == .int32, "\(column.name) holds no INT32")
        guard let value = value else { return appendNull() }
        withUnsafeBytes(of: value.littleEndian) { values.append(contentsOf: $0) }
        appendDefined()
    }

    /// Appends a `DOUBLE` value, or a null.
    @inline(__always)
    public func append(_ value: Double?) {
        precondition(column.storage == .double, "\(column.name) holds no DOUBLE")
        guard let value = value else { return appendNull() }
        withUnsafeBytes(of: value.bitPattern.littleEndian) { values.append(contentsOf: $0) }
        appendDefined()
    }

    /// Appends 16 bytes (a UUID: `high` then `low`, each big-endian), or a null.
    @inline(__always)
    public func append(high: UInt64, low: UInt64) {
        precondition(column.storage == .fixed16, "\(column.name) holds no 16-byte values")
        withUnsafeBytes(of: high.bigEndian) { values.append(contentsOf: $0) }
        withUnsafeBytes(of: low.bigEndian) { values.append(contentsOf: $0) }
        appendDefined()
    }

    /// Appends a string, or a null.
    @inline(__always)
    public func append(_ value: String?) {
        guard let value = value else { return appendNull() }
        switch column.storage {
        case .byteArray:
            var text = value
            text.withUTF8 { bytes in
                withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { values.append(contentsOf: $0) }
                values.append(contentsOf: bytes)
            }
        case .dictionaryByteArray:
            indices.append(index(of: value))
        default:
            preconditionFailure("\(column.name) holds no strings")
        }
        appendDefined()
    }

    /// Appends a null; the column must be nullable.
    public func appendNull() {
        precondition(column.nullable, "\(column.name) is not nullable")
        levels.append(0)
        rowsInPage += 1
    }

    private func appendDefined() {
        if column.nullable { levels.append(1) }
        rowsInPage += 1
        valuesInPage += 1
    }

    private func index(of value: String) -> UInt32 {
        if let lastString, lastString == value { return lastIndex }
        let index: UInt32
        if let known = dictionary[value] {
            index = known
        } else {
            index = UInt32(dictionary.count)
            dictionary[value] = index
            var text = value
            text.withUTF8 { bytes in
                withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { dictionaryValues.append(contentsOf: $0) }
                dictionaryValues.append(contentsOf: bytes)
            }
        }
        lastString = value
        lastIndex = index
        return index
    }

    /// Whether the page being filled has reached its size.
    var pageIsFull: Bool {
        rowsInPage >= Self.pageRows || values.count + indices.count * 4 >= Self.pageBytes
    }

    /// Encodes and compresses the page being filled, if it holds any rows.
    func finishPage(_ compressor: ZstdCompressor, scratch: inout [UInt8]) throws {
        guard rowsInPage > 0 else { return }
        scratch.removeAll(keepingCapacity: true)
        if column.nullable { levels.withUnsafeBufferPointer { RLEHybridEncoder.encodeLevels($0, to: &scratch) } }
        let encoding: Int32
        if column.storage == .dictionaryByteArray {
            let width = max(1, RLEHybridEncoder.bitWidth(of: UInt32(max(dictionary.count, 1) - 1)))
            scratch.append(UInt8(width))
            indices.withUnsafeBufferPointer { RLEHybridEncoder.encode($0, bitWidth: width, to: &scratch) }
            encoding = ParquetCodes.Encoding.rleDictionary
        } else {
            scratch.append(contentsOf: values)
            encoding = ParquetCodes.Encoding.plain
        }
        let rows = Int32(rowsInPage)
        uncompressedPageBytes += try Self.encodePage(
            scratch, compressor, into: &pages, type: ParquetCodes.PageType.data
        ) { header in
            header.field(5) { page in
                page.field(1, i32: rows)
                page.field(2, i32: encoding)
                page.field(3, i32: ParquetCodes.Encoding.rle)
                page.field(4, i32: ParquetCodes.Encoding.rle)
            }
        }
        rowsInChunk += rowsInPage
        levels.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        rowsInPage = 0
        valuesInPage = 0
    }

    /// Writes the row group's chunk of this column (dictionary page, then data pages) through
    /// `output`, which starts at file offset `offset`, and forgets it.
    func finishChunk(
        _ compressor: ZstdCompressor, scratch: inout [UInt8], offset: Int64, output: ([UInt8]) throws -> Void
    ) throws -> ColumnChunkSummary {
        try finishPage(compressor, scratch: &scratch)
        var written: Int64 = 0
        var uncompressed: Int64 = 0
        var dictionaryOffset: Int64?
        if column.storage == .dictionaryByteArray {
            let entries = Int32(dictionary.count)
            var dictionaryPage: [UInt8] = []
            let pageUncompressed = try Self.encodePage(
                dictionaryValues, compressor, into: &dictionaryPage, type: ParquetCodes.PageType.dictionary
            ) { header in
                header.field(7) { page in
                    page.field(1, i32: entries)
                    page.field(2, i32: ParquetCodes.Encoding.plain)
                }
            }
            try output(dictionaryPage)
            dictionaryOffset = offset
            written += Int64(dictionaryPage.count)
            uncompressed += Int64(pageUncompressed)
        }
        let dataOffset = offset + written
        try output(pages)
        written += Int64(pages.count)
        uncompressed += Int64(uncompressedPageBytes)
        let summary = ColumnChunkSummary(
            values: Int64(rowsInChunk), dictionaryPageOffset: dictionaryOffset, dataPageOffset: dataOffset,
            compressedBytes: written, uncompressedBytes: uncompressed)
        pages.removeAll(keepingCapacity: false)
        dictionary.removeAll(keepingCapacity: false)
        dictionaryValues.removeAll(keepingCapacity: false)
        lastString = nil
        rowsInChunk = 0
        uncompressedPageBytes = 0
        return summary
    }

    /// Compresses `body` and appends its page header and the compressed bytes to `out`; `detail`
    /// writes the header's page-type-specific struct. Returns the page's size, header included,
    /// as if uncompressed.
    private static func encodePage(
        _ body: [UInt8], _ compressor: ZstdCompressor, into out: inout [UInt8], type: Int32,
        detail: (inout ThriftCompactWriter) -> Void
    ) throws -> Int {
        try body.withUnsafeBytes { raw in
            try compressor.compress(raw) { compressed in
                var header = ThriftCompactWriter()
                header.structure { header in
                    header.field(1, i32: type)
                    header.field(2, i32: Int32(raw.count))
                    header.field(3, i32: Int32(compressed.count))
                    detail(&header)
                }
                out.append(contentsOf: header.bytes)
                out.append(contentsOf: compressed)
                return header.bytes.count + raw.count
            }
        }
    }
}
