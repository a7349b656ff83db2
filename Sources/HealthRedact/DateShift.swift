import HealthExport

/// Moves the dates written in text by a whole number of days, in place: every byte keeps its
/// length and place, and the time of day and UTC offset written beside a date stay as they are,
/// so an instant moves by exactly `days` × 86 400 seconds.
///
/// It recognises a `yyyy-MM-dd` date wherever it stands (`2019-06-11 15:00:42 -0700`,
/// `2019-06-11T22:00:42Z`, `route_2019-06-11_3.00pm.gpx`) and iOS 8's compact
/// `yyyyMMddHHmmss±HHMM` when it is the whole text.
public struct DateShift: Sendable, Equatable {
    /// How many days every date moves: a multiple of 7, so days of the week stay true.
    public let days: Int

    /// A shift by `days` days.
    public init(days: Int) {
        self.days = days
    }

    /// Shifts every date in `bytes`; returns how many it moved.
    @discardableResult
    public func apply(_ bytes: UnsafeMutableRawBufferPointer) -> Int {
        let count = bytes.count
        guard count >= 8 else { return 0 }
        if count == 19, Self.isCompactTimestamp(bytes) {
            return shift(bytes, at: 0, compact: true) ? 1 : 0
        }
        var moved = 0
        var index = 0
        while index + 10 <= count {
            guard bytes[index + 4] == 0x2D, bytes[index + 7] == 0x2D, Self.isDigit(bytes[index]) else {
                index += 1
                continue
            }
            let before = index == 0 || !Self.isDigit(bytes[index - 1])
            let after = index + 10 == count || !Self.isDigit(bytes[index + 10])
            if before, after, shift(bytes, at: index, compact: false) {
                moved += 1
                index += 10
            } else {
                index += 1
            }
        }
        return moved
    }

    /// Shifts the dates in `bytes`, a copy.
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.withUnsafeMutableBytes { _ = apply($0) }
        return copy
    }

    /// The year of the day `year`-`month`-`day` once shifted.
    public func shiftedYear(year: Int, month: Int, day: Int) -> Int {
        CivilDays.date(fromDays: CivilDays.days(year: year, month: month, day: day) + days).year
    }

    private func shift(_ bytes: UnsafeMutableRawBufferPointer, at index: Int, compact: Bool) -> Bool {
        let step = compact ? 0 : 1
        guard let year = Self.number(bytes, index, 4), let month = Self.number(bytes, index + 4 + step, 2),
            let day = Self.number(bytes, index + 6 + 2 * step, 2), (1...12).contains(month),
            day >= 1, day <= CivilDays.length(ofMonth: month, year: year)
        else { return false }
        let moved = CivilDays.date(fromDays: CivilDays.days(year: year, month: month, day: day) + days)
        guard (0...9999).contains(moved.year) else { return false }
        Self.write(moved.year, 4, bytes, index)
        Self.write(moved.month, 2, bytes, index + 4 + step)
        Self.write(moved.day, 2, bytes, index + 6 + 2 * step)
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// `20150616071916-0700`.
    static func isCompactTimestamp(_ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        for index in 0..<19 where index != 14 {
            guard isDigit(bytes[index]) else { return false }
        }
        return bytes[14] == 0x2B || bytes[14] == 0x2D
    }

    static func number(_ bytes: UnsafeMutableRawBufferPointer, _ index: Int, _ width: Int) -> Int? {
        var value = 0
        for offset in 0..<width {
            let digit = bytes[index + offset] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    static func write(_ value: Int, _ width: Int, _ bytes: UnsafeMutableRawBufferPointer, _ index: Int) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            bytes[index + offset] = UInt8(0x30 + rest % 10)
            rest /= 10
        }
    }
}
