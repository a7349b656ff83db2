import HealthWorkouts
import Testing

@Suite struct XMLTextTests {
    private func text(_ build: (inout XMLText) -> Void) -> String {
        var xml = XMLText()
        build(&xml)
        return String(decoding: xml.bytes, as: UTF8.self)
    }

    @Test("Text is escaped and control characters XML forbids become spaces")
    func escaping() {
        #expect(
            text { $0.escaped("Mia’s <Watch> & \"Co\" 'x'\u{0B}") }
                == "Mia’s &lt;Watch&gt; &amp; &quot;Co&quot; &apos;x&apos; ")
    }

    @Test(
        "Numbers are fixed-point without trailing zeros, never with an exponent",
        arguments: [
            (41.889301, 7, "41.889301"), (-87.6244, 7, "-87.6244"), (180.0, 2, "180"), (0.00001, 7, "0.00001"),
            (-0.000_000_01, 7, "0"), (185.997442, 2, "186"), (1e-9, 2, "0"), (12.5, 0, "13"),
        ])
    func numbers(value: Double, decimals: Int, expected: String) {
        #expect(text { $0.number(value, decimals: decimals) } == expected)
    }

    @Test("Instants are written in UTC with Z")
    func instants() {
        #expect(text { $0.utc(1_715_080_680) } == "2024-05-07T11:18:00Z")
    }
}
