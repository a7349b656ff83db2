import HealthCore
import HealthExport

/// Writes JSON into a growable byte buffer with keys in the order they are written: deterministic
/// bytes, no `Encoder`, no per-value allocation. Non-copyable: it owns its storage.
public struct JSONBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    public private(set) var count = 0
    private var needsComma = false
    /// The device ``object(_:)-(Device)`` wrote last, and its JSON: records come in runs from
    /// one device, so most of them copy these bytes instead of writing five strings again.
    var lastDevice: (device: Device, json: [UInt8])?
    /// The `kind` and `type` fields written last, and their JSON (see ``kindAndType(_:_:)``).
    var lastKindAndType: (kind: RecordKind, type: String, json: [UInt8])?
    /// The source fields written last, and their JSON (see ``source(name:version:device:)``).
    var lastSource: (name: String, version: String?, device: Device?, json: [UInt8])?
    /// Writes ``timestamp(_:)``'s text, reusing the day and offset of the one before.
    private var timestampText = TimestampText()

    /// Creates an empty buffer.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// The bytes written so far; valid until the next write.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// The bytes written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() {
        count = 0
        needsComma = false
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if bytes.count > 0 {
            (storage + count).update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        count += bytes.count
    }

    /// Appends `json`, one complete value written before, as the next value.
    mutating func value(json: [UInt8]) {
        separate()
        json.withUnsafeBytes { put($0) }
        needsComma = true
    }

    /// Appends `json`, fields of the current object written before (see ``beginFieldRun()``).
    mutating func fields(json: [UInt8]) {
        separate()
        json.withUnsafeBytes { put($0) }
        needsComma = true
    }

    /// Starts recording fields of the current object; at least one field must follow before
    /// ``fieldRun(since:)`` takes their bytes, which ``fields(json:)`` can then write again.
    mutating func beginFieldRun() -> Int {
        separate()
        needsComma = false
        return count
    }

    /// The bytes of the fields written since `start`, a ``beginFieldRun()``.
    func fieldRun(since start: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: storage + start, count: count - start))
    }

    /// Appends raw text (already valid JSON or plain output).
    public mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }

    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Ends a JSON line.
    public mutating func newline() {
        put(0x0A)
        needsComma = false
    }

    /// Writes `"key":`; the value written next belongs to it.
    public mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        reserve(length + 4)
        if needsComma {
            storage[count] = UInt8(ascii: ",")
            count += 1
        }
        storage[count] = UInt8(ascii: "\"")
        (storage + count + 1).update(from: key.utf8Start, count: length)
        storage[count + 1 + length] = UInt8(ascii: "\"")
        storage[count + 2 + length] = UInt8(ascii: ":")
        count += length + 3
        needsComma = false
    }

    /// Writes a key that is not known at compile time (metadata keys).
    public mutating func key(_ key: String) {
        string(key)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { utf8 in
            reserve(utf8.count + 2)
            storage[count] = UInt8(ascii: "\"")
            count += 1
            let raw = UnsafeRawBufferPointer(utf8)
            if Self.isPlain(raw) {
                put(raw)
                return
            }
            var runStart = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none needs escaping (no quote, backslash or control byte).
                if index + 8 <= utf8.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if !Self.needsEscaping(word) {
                        index += 8
                        continue
                    }
                }
                let byte = utf8[index]
                index += 1
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                let at = index - 1
                put(UnsafeRawBufferPointer(rebasing: raw[runStart..<at]))
                escape(byte)
                runStart = index
            }
            put(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart...]))
        }
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Whether no byte of `bytes` needs escaping; eight at a time, the last eight overlapping.
    @inline(__always)
    private static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let length = bytes.count
        guard length >= 8 else {
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            return true
        }
        var index = 0
        while index + 8 <= length {
            if needsEscaping(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return false }
            index += 8
        }
        return index == length || !needsEscaping(bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self))
    }

    /// Whether any of the eight bytes is a quote, a backslash or below 0x20.
    @inline(__always)
    private static func needsEscaping(_ word: UInt64) -> Bool {
        ByteScan.anyByte(below: 0x20, in: word) || ByteScan.anyByte(equalTo: 0x22, in: word)
            || ByteScan.anyByte(equalTo: 0x5C, in: word)
    }

    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: put(0x22)
        case 0x5C: put(0x5C)
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            put(UInt8(ascii: "u"))
            put(0x30)
            put(0x30)
            put(hex.utf8Start[Int(byte >> 4)])
            put(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    /// Writes a number: integral values without a fraction, others in their shortest round-trip form,
    /// non-finite ones as `null`.
    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e15 {
            integerDigits(Int64(value))
        } else if value.isFinite {
            raw(value.description)
        } else {
            raw("null")
        }
        needsComma = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        integerDigits(Int64(value))
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        raw(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        raw("null")
        needsComma = true
    }

    /// Writes an instant as an ISO 8601 string with its written offset.
    public mutating func timestamp(_ value: ExportTimestamp) {
        separate()
        reserve(ExportTimestamp.maximumISO8601Length + 2)
        storage[count] = UInt8(ascii: "\"")
        count += 1
        count += timestampText.write(value, into: storage + count)
        storage[count] = UInt8(ascii: "\"")
        count += 1
        needsComma = true
    }

    /// Writes an instant given in milliseconds, with three fractional digits.
    public mutating func timestamp(milliseconds: Int64, offsetMinutes: Int32) {
        separate()
        reserve(ExportTimestamp.maximumISO8601Length + 6)
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let millis = Int(milliseconds - seconds * 1000)
        storage[count] = UInt8(ascii: "\"")
        let start = count + 1
        let length = ExportTimestamp(secondsSince1970: seconds, offsetMinutes: offsetMinutes)
            .writeISO8601(into: storage + start)
        // Insert ".mmm" after the seconds (the first 19 characters), before the offset.
        let offsetStart = start + 19
        (storage + offsetStart + 4).update(from: storage + offsetStart, count: length - 19)
        storage[offsetStart] = UInt8(ascii: ".")
        storage[offsetStart + 1] = UInt8(48 + millis / 100)
        storage[offsetStart + 2] = UInt8(48 + millis / 10 % 10)
        storage[offsetStart + 3] = UInt8(48 + millis % 10)
        count = start + length + 4
        storage[count] = UInt8(ascii: "\"")
        count += 1
        needsComma = true
    }

    public mutating func uuid(_ id: RecordID) {
        separate()
        reserve(38)
        storage[count] = UInt8(ascii: "\"")
        count += 1
        id.write(into: storage + count)
        count += 36
        storage[count] = UInt8(ascii: "\"")
        count += 1
        needsComma = true
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    private mutating func integerDigits(_ value: Int64) {
        reserve(21)
        if value < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        let start = count
        repeat {
            storage[count] = UInt8(48 + magnitude % 10)
            magnitude /= 10
            count += 1
        } while magnitude > 0
        var low = start
        var high = count - 1
        while low < high {
            let byte = storage[low]
            storage[low] = storage[high]
            storage[high] = byte
            low += 1
            high -= 1
        }
    }
}

extension JSONBuffer {
    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    public mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    public mutating func field(_ name: StaticString, _ value: ExportTimestamp?) {
        guard let value else { return }
        key(name)
        timestamp(value)
    }
}
