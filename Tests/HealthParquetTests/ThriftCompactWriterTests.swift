import Testing

@testable import HealthParquet

@Suite("Thrift compact protocol")
struct ThriftCompactWriterTests {
    @Test("a short field id delta shares the type's byte; a long one writes the id as a zigzag varint")
    func fieldHeaders() {
        var writer = ThriftCompactWriter()
        writer.structure { thrift in
            thrift.field(1, i32: 2)
            thrift.field(17, i64: -1)
        }
        #expect(writer.bytes == [0x15, 0x04, 0x06, 0x22, 0x01, 0x00])
    }

    @Test("bools are the header's type; strings and lists carry their lengths; nested structs restart the ids")
    func valuesAndNesting() {
        var writer = ThriftCompactWriter()
        writer.structure { thrift in
            thrift.field(1, bool: true)
            thrift.field(2, bool: false)
            thrift.field(3, string: "ab")
            thrift.field(4, i32List: [1, -1])
            thrift.field(5) { inner in inner.field(1, i8: -2) }
            thrift.field(6, i32: 300)
        }
        #expect(
            writer.bytes == [
                0x11, 0x12, 0x18, 0x02, 0x61, 0x62, 0x19, 0x25, 0x02, 0x01, 0x1C, 0x13, 0xFE, 0x00, 0x15, 0xD8, 0x04,
                0x00,
            ])
    }

    @Test("a list of 15 or more elements writes its size after the header byte")
    func longList() {
        var writer = ThriftCompactWriter()
        writer.structure { thrift in thrift.field(1, stringList: Array(repeating: "", count: 20)) }
        #expect(Array(writer.bytes.prefix(3)) == [0x19, 0xF8, 0x14])
        #expect(writer.bytes.count == 3 + 20 + 1)
    }
}
