import HealthExport
import HealthFixtures
import Testing

@Suite struct TimestampParsingTests {
    @Test("The modern export format keeps the instant and the written offset")
    func modernFormat() throws {
        let parsed = try #require(TimestampParser.parse("2019-03-23 18:47:21 -0700"))
        #expect(parsed.secondsSince1970 == 1_553_392_041)
        #expect(parsed.offsetMinutes == -420)
        #expect(parsed.iso8601 == "2019-03-23T18:47:21-07:00")
    }

    @Test("iOS 8's compact format reads the same instant")
    func compactFormat() throws {
        let compact = try #require(TimestampParser.parse("20150616071916-0700"))
        let modern = try #require(TimestampParser.parse("2015-06-16 07:19:16 -0700"))
        #expect(compact == modern)
        #expect(compact.offsetMinutes == -420)
    }

    @Test("The same instant written in two time zones compares equal")
    func offsetsDoNotChangeTheInstant() throws {
        let paris = try #require(TimestampParser.parse("2024-03-10 14:00:00 +0100"))
        let newYork = try #require(TimestampParser.parse("2024-03-10 09:00:00 -0400"))
        #expect(paris == newYork)
        #expect(paris.offsetMinutes != newYork.offsetMinutes)
    }

    @Test(
        "Lenient variants are accepted",
        arguments: ["2024-01-02T03:04:05+01:00", "2024-01-02 03:04:05+0100", "2024-01-02T02:04:05Z"])
    func lenientVariants(text: String) throws {
        let parsed = try #require(TimestampParser.parse(text))
        #expect(parsed.secondsSince1970 == 1_704_161_045)
    }

    @Test(
        "Things that are not dates are rejected",
        arguments: [
            "", "2019-13-23 18:47:21 -0700", "2019-03-32 18:47:21 -0700", "2019-03-23 18:47:21", "yesterday",
            "2019-03-23 25:47:21 -0700", "2019-03-23 18:47:21 -07000",
        ])
    func rejects(text: String) {
        #expect(TimestampParser.parse(text) == nil)
    }

    @Test("Dates before 1970 and leap days convert correctly")
    func calendarEdges() throws {
        #expect(TimestampParser.parse("1969-12-31 23:59:59 +0000")?.secondsSince1970 == -1)
        #expect(TimestampParser.parse("2024-02-29 00:00:00 +0000")?.secondsSince1970 == 1_709_164_800)
        #expect(TimestampParser.parse("2023-02-29 00:00:00 +0000") != nil)  // day range is only checked to 31
        let day = try #require(TimestampParser.parseDay("2000-03-01"))
        #expect(day.components == (2000, 3, 1))
        #expect(TimestampParser.parseDay("19950215") == TimestampParser.parseDay("1995-02-15"))
    }

    @Test("A day in the export's offset starts at local midnight")
    func localDay() throws {
        let late = try #require(TimestampParser.parse("2024-06-01 23:30:00 -0500"))
        #expect(late.localDay.iso8601 == "2024-06-01")
    }
}

@Suite struct NumberParsingTests {
    @Test(
        "Decimal numbers parse exactly like the standard library",
        arguments: [
            "0", "72", "-12.5", "0.000123", "154.3235835294", "1e3", "2.5E-4", "98765432109876543210",
            "3.14159265358979323846", "+4", "0.1",
        ])
    func matchesStandardLibrary(text: String) {
        #expect(NumberParser.parseDouble(text) == Double(text))
    }

    @Test("Text that is not a number gives nil", arguments: ["", "-", ".", "12a", "1,5", "NaN", " 1"])
    func rejects(text: String) {
        #expect(NumberParser.parseDouble(text) == nil)
    }
}

@Suite struct TimeOfDayTests {
    func millis(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { TimeOfDayParser.millisecondsSinceMidnight(UnsafeRawBufferPointer($0)) }
    }

    @Test("12-hour, 24-hour, comma decimals and narrow no-break spaces all read")
    func formats() {
        let evening: Int64 = ((18 * 60 + 14) * 60 + 48) * 1000 + 940
        #expect(millis("6:14:48.94 PM") == evening)
        #expect(millis("6:14:48.94\u{202F}PM") == evening)
        let morning: Int64 = 30_824_670
        let afterMidnight: Int64 = 300_000
        let afterNoon: Int64 = 43_500_000
        let teaTime: Int64 = 61_620_000
        #expect(millis("08:33:44,67") == morning)
        #expect(millis("12:05:00 AM") == afterMidnight)
        #expect(millis("12:05:00 PM") == afterNoon)
        #expect(millis("17:07") == teaTime)
        #expect(millis("noon") == nil)
        #expect(millis("13:00:00 PM") == nil)
    }

    @Test(
        "Day halves written in other scripts, before or after the time, read",
        arguments: [
            ("上午6:14:48", false), ("下午6:14:48", true), ("午後 6:14:48.50", true), ("오전 6:14:48", false),
            ("오후 6:14:48", true), ("6:14:48 μ.μ.", true), ("6:14:48 π.μ.", false), ("6:14:48 م", true),
        ])
    func otherScripts(text: String, afternoon: Bool) {
        let morning: Int64 = ((6 * 60 + 14) * 60 + 48) * 1000 + (text.hasSuffix(".50") ? 500 : 0)
        #expect(millis(text) == morning + (afternoon ? 12 * 3_600_000 : 0))
    }

    @Test("A day-half marker the parser does not know gives no time")
    func unknownScript() {
        #expect(millis("晚上6:14:48") == nil)
        #expect(millis("13:14:48 下午") == nil)
    }
}
