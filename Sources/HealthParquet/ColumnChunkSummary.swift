/// Where a row group's chunk of one column lies in the file and how big it is: its part of the footer.
struct ColumnChunkSummary {
    /// Rows, nulls included.
    var values: Int64
    /// The dictionary page's file offset, for a dictionary column.
    var dictionaryPageOffset: Int64?
    /// The first data page's file offset.
    var dataPageOffset: Int64
    /// Bytes in the file, page headers included.
    var compressedBytes: Int64
    /// Bytes before compression, page headers included.
    var uncompressedBytes: Int64
}
