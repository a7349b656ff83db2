import Testing

@testable import HealthRedact

@Suite struct DateShiftTests {
    @Test("a shift moves every date in text by whole days and keeps the time, the offset and the rest")
    func shiftsDates() {
        let shift = DateShift(days: -364)
        let text = Array("2024-10-25 07:04:44 -0500 route_2019-06-11_3.00pm.gpx 2019-06-11T22:00:42Z".utf8)
        #expect(
            String(decoding: shift.applied(to: text), as: UTF8.self)
                == "2023-10-27 07:04:44 -0500 route_2018-06-12_3.00pm.gpx 2018-06-12T22:00:42Z")
    }

    @Test("a shift crosses leap days and years, and reads iOS 8's compact timestamps")
    func leapDaysAndCompactForm() {
        let shift = DateShift(days: 7)
        #expect(String(decoding: shift.applied(to: Array("2024-02-25".utf8)), as: UTF8.self) == "2024-03-03")
        #expect(String(decoding: shift.applied(to: Array("2015-12-28".utf8)), as: UTF8.self) == "2016-01-04")
        #expect(
            String(decoding: shift.applied(to: Array("20150616071916-0700".utf8)), as: UTF8.self)
                == "20150623071916-0700")
    }

    @Test("text that only looks like a date is left alone")
    func notDates() {
        let shift = DateShift(days: 7)
        for text in ["2024-13-01", "2023-02-29", "12024-01-01", "version 2.6.2", "4.9.2"] {
            #expect(String(decoding: shift.applied(to: Array(text.utf8)), as: UTF8.self) == text)
        }
    }

    @Test("the date of birth keeps only its year, shifted with the dates")
    func birthYear() {
        let names = Pseudonyms(shift: DateShift(days: -364), hash: KeyedHash(key: [1]))
        func year(_ text: String) -> String {
            String(decoding: Array(text.utf8).withUnsafeBytes { names.birthDate($0) }, as: UTF8.self)
        }
        #expect(year("1982-06-19") == "1981-01-01")
        #expect(year("1984-01-01") == "1983-01-01")
        #expect(year("19840923") == "19830101")
        #expect(year("") == "")
    }
}
