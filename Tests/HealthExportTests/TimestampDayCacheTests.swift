import Testing

@testable import HealthExport

/// Parsing with the day of the last date kept gives exactly what parsing afresh gives.
@Suite struct TimestampDayCacheTests {
    @Test("A run of dates, valid and not, on one day and across days, parses as without the cache")
    func sameAsUncached() {
        let texts = [
            "2024-05-01 08:00:00 +0200", "2024-05-01 23:59:60 +0200", "2024-05-01 08:00:00 -0700",
            "2024-05-01 24:00:00 +0000", "2024-05-01 08:61:00 +0200", "2024-05-01 08:00:00 +1900",
            "2024-05-01T08:00:00 +0200", "2024-05-01 08:00:00 *0200", "2024-05-01 08:00:00 +02:00",
            "2024-05-02 00:00:01 +0200", "2024-02-30 08:00:00 +0200", "2024-13-01 08:00:00 +0200",
            "2024-05-02 00:00:01 +0200", "2024-05-0x 00:00:01 +0200", "20150616071916-0700",
            "2024-05-02 1:00:01 +0200", "2024-05-02 10:00:01  +0200", "yesterday", "",
            "2024-05-02 10:00:01 +0200",
        ]
        var cache = TimestampDayCache()
        for text in texts {
            var bytes = Array(text.utf8)
            let uncached = bytes.withUnsafeBytes { TimestampParser.parse($0) }
            let cached = bytes.withUnsafeMutableBytes {
                TimestampParser.parse(UnsafeRawBufferPointer($0), cache: &cache)
            }
            #expect(cached == uncached, "\(text)")
        }
        #expect(cache.days != nil)
    }
}
