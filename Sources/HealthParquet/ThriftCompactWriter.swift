/// Writes Thrift's compact protocol, the encoding of Parquet's footer and page headers.
///
/// Only what Parquet's metadata uses: structs with i8, i32, i64, bool, binary, list and struct
/// fields. A struct is written as its fields in increasing id order, each with a header that
/// holds the id's delta from the previous field, then a stop byte.
struct ThriftCompactWriter {
    /// The compact protocol's type codes.
    enum FieldType: UInt8 {
        case booleanTrue = 1
        case booleanFalse = 2
        case byte = 3
        case i16 = 4
        case i32 = 5
        case i64 = 6
        case double = 7
        case binary = 8
        case list = 9
        case set = 10
        case map = 11
        case structure = 12
    }

    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    private var lastFieldID: Int16 = 0
    private var enclosingFieldIDs: [Int16] = []

    /// An empty writer.
    init() {}

    /// Writes an i32 field.
    mutating func field(_ id: Int16, i32 value: Int32) {
        fieldHeader(id, .i32)
        varint(zigzag(Int64(value)))
    }

    /// Writes an i64 field.
    mutating func field(_ id: Int16, i64 value: Int64) {
        fieldHeader(id, .i64)
        varint(zigzag(value))
    }

    /// Writes an i8 field.
    mutating func field(_ id: Int16, i8 value: Int8) {
        fieldHeader(id, .byte)
        bytes.append(UInt8(bitPattern: value))
    }

    /// Writes a bool field: its value is the header's type code.
    mutating func field(_ id: Int16, bool value: Bool) {
        fieldHeader(id, value ? .booleanTrue : .booleanFalse)
    }

    /// Writes a string field as binary.
    mutating func field(_ id: Int16, string value: String) {
        fieldHeader(id, .binary)
        binary(Array(value.utf8))
    }

    /// Writes a struct field: `body` writes its fields, this writes the stop byte.
    mutating func field(_ id: Int16, structure body: (inout ThriftCompactWriter) -> Void) {
        fieldHeader(id, .structure)
        structure(body)
    }

    /// Writes a list field of i32 values.
    mutating func field(_ id: Int16, i32List values: [Int32]) {
        fieldHeader(id, .list)
        listHeader(count: values.count, .i32)
        for value in values { varint(zigzag(Int64(value))) }
    }

    /// Writes a list field of strings.
    mutating func field(_ id: Int16, stringList values: [String]) {
        fieldHeader(id, .list)
        listHeader(count: values.count, .binary)
        for value in values { binary(Array(value.utf8)) }
    }

    /// Writes a list field of `count` structs, `body` writing the fields of the element at each index.
    mutating func field(_ id: Int16, structList count: Int, _ body: (inout ThriftCompactWriter, Int) -> Void) {
        fieldHeader(id, .list)
        listHeader(count: count, .structure)
        for index in 0..<count { structure { body(&$0, index) } }
    }

    /// Writes a struct's fields through `body`, then its stop byte; used for list elements and the top level.
    mutating func structure(_ body: (inout ThriftCompactWriter) -> Void) {
        enclosingFieldIDs.append(lastFieldID)
        lastFieldID = 0
        body(&self)
        bytes.append(0)
        lastFieldID = enclosingFieldIDs.removeLast()
    }

    private mutating func fieldHeader(_ id: Int16, _ type: FieldType) {
        let delta = Int(id) - Int(lastFieldID)
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            varint(zigzag(Int64(id)))
        }
        lastFieldID = id
    }

    private mutating func listHeader(count: Int, _ type: FieldType) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            varint(UInt64(count))
        }
    }

    private mutating func binary(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    private mutating func varint(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    private func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}
