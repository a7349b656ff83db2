/// The numbers Parquet's Thrift definitions give to its enums (parquet-format's `parquet.thrift`).
enum ParquetCodes {
    /// `Type`.
    enum PhysicalType {
        static let int32: Int32 = 1
        static let int64: Int32 = 2
        static let double: Int32 = 5
        static let byteArray: Int32 = 6
        static let fixedLenByteArray: Int32 = 7
    }

    /// `ConvertedType`, written beside the logical type for older readers.
    enum ConvertedType {
        static let utf8: Int32 = 0
        static let date: Int32 = 6
        static let timestampMicros: Int32 = 10
        static let int32: Int32 = 17
        static let int64: Int32 = 18
    }

    /// `FieldRepetitionType`.
    enum Repetition {
        static let required: Int32 = 0
        static let optional: Int32 = 1
    }

    /// `Encoding`.
    enum Encoding {
        static let plain: Int32 = 0
        static let rle: Int32 = 3
        static let rleDictionary: Int32 = 8
    }

    /// `CompressionCodec`.
    enum Codec {
        static let zstd: Int32 = 6
    }

    /// `PageType`.
    enum PageType {
        static let data: Int32 = 0
        static let dictionary: Int32 = 2
    }
}
