/// The footer of a Parquet file: `FileMetaData` in Thrift's compact protocol.
struct ParquetFooter {
    var columns: [ParquetColumn]
    var rowGroups: [(rows: Int64, chunks: [ColumnChunkSummary])]
    var rows: Int64

    /// The footer's bytes, without the length and magic that follow them.
    func bytes() -> [UInt8] {
        var thrift = ThriftCompactWriter()
        thrift.structure { file in
            file.field(1, i32: 2)
            file.field(2, structList: columns.count + 1) { element, index in
                if index == 0 {
                    element.field(4, string: "schema")
                    element.field(5, i32: Int32(columns.count))
                } else {
                    Self.schemaElement(columns[index - 1], &element)
                }
            }
            file.field(3, i64: rows)
            file.field(4, structList: rowGroups.count) { group, index in
                rowGroup(rowGroups[index], &group)
            }
            file.field(6, string: "healthimport")
        }
        return thrift.bytes
    }

    private func rowGroup(_ group: (rows: Int64, chunks: [ColumnChunkSummary]), _ thrift: inout ThriftCompactWriter) {
        thrift.field(1, structList: columns.count) { chunk, index in
            let column = columns[index]
            let summary = group.chunks[index]
            chunk.field(2, i64: summary.dictionaryPageOffset ?? summary.dataPageOffset)
            chunk.field(3) { meta in
                meta.field(1, i32: Self.physicalType(column.storage))
                let encodings =
                    column.storage == .dictionaryByteArray
                    ? [ParquetCodes.Encoding.plain, ParquetCodes.Encoding.rle, ParquetCodes.Encoding.rleDictionary]
                    : [ParquetCodes.Encoding.plain, ParquetCodes.Encoding.rle]
                meta.field(2, i32List: encodings)
                meta.field(3, stringList: [column.name])
                meta.field(4, i32: ParquetCodes.Codec.zstd)
                meta.field(5, i64: summary.values)
                meta.field(6, i64: summary.uncompressedBytes)
                meta.field(7, i64: summary.compressedBytes)
                meta.field(9, i64: summary.dataPageOffset)
                if let dictionary = summary.dictionaryPageOffset { meta.field(11, i64: dictionary) }
            }
        }
        thrift.field(2, i64: group.chunks.reduce(0) { $0 + $1.uncompressedBytes })
        thrift.field(3, i64: group.rows)
        if let first = group.chunks.first {
            thrift.field(5, i64: first.dictionaryPageOffset ?? first.dataPageOffset)
            thrift.field(6, i64: group.chunks.reduce(0) { $0 + $1.compressedBytes })
        }
    }

    private static func physicalType(_ storage: ParquetColumn.Storage) -> Int32 {
        switch storage {
        case .int32: ParquetCodes.PhysicalType.int32
        case .int64: ParquetCodes.PhysicalType.int64
        case .double: ParquetCodes.PhysicalType.double
        case .byteArray, .dictionaryByteArray: ParquetCodes.PhysicalType.byteArray
        case .fixed16: ParquetCodes.PhysicalType.fixedLenByteArray
        }
    }

    private static func schemaElement(_ column: ParquetColumn, _ element: inout ThriftCompactWriter) {
        element.field(1, i32: physicalType(column.storage))
        if column.storage == .fixed16 { element.field(2, i32: 16) }
        element.field(
            3, i32: column.nullable ? ParquetCodes.Repetition.optional : ParquetCodes.Repetition.required)
        element.field(4, string: column.name)
        switch column.meaning {
        case .none:
            break
        case .string:
            element.field(6, i32: ParquetCodes.ConvertedType.utf8)
            element.field(10) { logical in logical.field(1) { _ in } }
        case .timestampMicrosUTC:
            element.field(6, i32: ParquetCodes.ConvertedType.timestampMicros)
            element.field(10) { logical in
                logical.field(8) { timestamp in
                    timestamp.field(1, bool: true)
                    timestamp.field(2) { unit in unit.field(2) { _ in } }
                }
            }
        case .date:
            element.field(6, i32: ParquetCodes.ConvertedType.date)
            element.field(10) { logical in logical.field(6) { _ in } }
        case .integer(let bits):
            element.field(6, i32: bits == 64 ? ParquetCodes.ConvertedType.int64 : ParquetCodes.ConvertedType.int32)
            element.field(10) { logical in
                logical.field(10) { integer in
                    integer.field(1, i8: bits)
                    integer.field(2, bool: true)
                }
            }
        case .uuid:
            element.field(10) { logical in logical.field(14) { _ in } }
        }
    }
}
