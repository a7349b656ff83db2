import Testing

@testable import HealthReport

/// What the report writes into its page: escaped text, numbers for people, SVG coordinates.
@Suite struct ReportTextTests {
    @Test("Source names and titles are escaped for HTML content and attributes alike")
    func escaping() {
        #expect(HTMLText.escape("Jo's \"Watch\" <b>&</b>") == "Jo&#39;s &quot;Watch&quot; &lt;b&gt;&amp;&lt;/b&gt;")
        #expect(HTMLText.escape("Schlaf 😴 über Nacht") == "Schlaf 😴 über Nacht")
    }

    @Test(
        "Numbers for people group thousands from ten thousand on and keep the asked decimals",
        arguments: [
            (9_999.0, 0, "9999"), (12_345.0, 0, "12,345"), (1_234_567.0, 0, "1,234,567"), (70.25, 1, "70.3"),
            (70.04, 2, "70.04"), (-3.5, 1, "-3.5"), (-0.04, 1, "0.0"), (Double.nan, 0, "–"),
        ])
    func numbers(value: Double, decimals: Int, expected: String) {
        #expect(HTMLText.number(value, decimals: decimals) == expected)
    }

    @Test(
        "SVG coordinates keep one decimal and drop a zero one",
        arguments: [
            (12.0, "12"), (12.34, "12.3"), (-0.25, "-0.3"), (-1.06, "-1.1"), (0.04, "0"),
        ])
    func coordinates(value: Double, expected: String) {
        #expect(HTMLText.coordinate(value) == expected)
    }
}
