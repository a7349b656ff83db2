/// Looks names (of elements, of attributes) up by their bytes without building a `String` for
/// each: a name's value is computed once, the first time it is seen, and found again by a hash
/// of its bytes checked against the bytes themselves.
struct NameTable<Value> {
    private var entries: [UInt64: [(name: [UInt8], value: Value)]] = [:]
    private let compute: (String) -> Value

    init(_ compute: @escaping (String) -> Value) {
        self.compute = compute
    }

    mutating func value(of bytes: UnsafeRawBufferPointer) -> Value {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        if let bucket = entries[hash] {
            for entry in bucket where entry.name.elementsEqual(bytes) { return entry.value }
        }
        let value = compute(String(decoding: bytes, as: UTF8.self))
        entries[hash, default: []].append(([UInt8](bytes), value))
        return value
    }
}
