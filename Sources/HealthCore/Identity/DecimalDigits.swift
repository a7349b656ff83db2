/// Integers in decimal, two digits at a time, written exactly as `String(value)` writes them.
enum DecimalDigits {
    /// The most bytes ``write(_:endingAt:)`` writes: a sign and 19 digits.
    static let maximumCount = 20

    /// Writes `value` in decimal, with a `-` first when negative and no leading zeros, so that it
    /// ends just before `end`, and returns where it starts. The ``maximumCount`` bytes before
    /// `end` must be writable.
    @inline(__always)
    static func write(_ value: Int64, endingAt end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let pairs: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let table = pairs.utf8Start
        var position = end
        var magnitude = value.magnitude
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            position -= 2
            position[0] = table[pair]
            position[1] = table[pair &+ 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            position -= 2
            position[0] = table[pair]
            position[1] = table[pair &+ 1]
        } else {
            position -= 1
            position[0] = UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0")
        }
        if value < 0 {
            position -= 1
            position[0] = UInt8(ascii: "-")
        }
        return position
    }
}
