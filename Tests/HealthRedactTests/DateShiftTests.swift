import Testing

@testable import HealthRedact

@Suite struct DateShiftTests {
    @Test("a shift moves every date in text by whole days and keeps the rest")
    func shiftsDates() {
        let shift = DateShift(days: -364)
        let text = Array("2024-10-25 07:04:44 -0500 route_2019-06-11_3.00pm.gpx 2019-06-11T22:00:42Z".utf8)
        #expect(
            String(decoding: shift.applied(to: text), as: UTF8.self)
                == "2023-10-27 07:04:44 -0500 route_2018-06-12_3.00pm.gpx 2018-06-12T22:00:42Z")
    }
}
