#if PostgreSQL
import Testing

@testable import HealthServer

/// `Upload-Expires` and other HTTP dates, against dates Python's `email.utils.formatdate` wrote.
@Suite("HTTP dates")
struct HTTPDateTests {
    @Test(
        "Unix seconds become IMF-fixdates",
        arguments: [
            (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (4_102_444_799, "Thu, 31 Dec 2099 23:59:59 GMT"),
        ] as [(Int64, String)])
    func format(seconds: Int64, expected: String) {
        #expect(HTTPDate.format(seconds) == expected)
    }
}
#endif
