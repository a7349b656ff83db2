import Testing

@testable import HealthFHIR

@Suite struct ClinicalResourceTests {
    private func line(_ text: String) -> String? {
        ClinicalResource.line(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("A pretty-printed resource goes on one line, its strings byte for byte")
    func oneLine() {
        let json = """
            {
              "resourceType" : "Observation",
              "note" : [ { "text" : "two  spaces,\\ta tab, a quote \\" and } brace" } ],
              "valueQuantity": { "value": 1.50, "unit": "mmol/L" }
            }

            """
        #expect(
            line(json)
                == #"{"resourceType":"Observation","note":[{"text":"two  spaces,\ta tab, a quote \" and } brace"}],"valueQuantity":{"value":1.50,"unit":"mmol/L"}}"#
        )
    }

    @Test(
        "Anything but one JSON object is refused",
        arguments: ["[1, 2]", "{} {}", "{\"a\": 1", "", "x{}", "{\"a\":\"b\n\"}"])
    func refused(_ json: String) {
        #expect(line(json) == nil)
    }

    @Test("A byte-order mark is dropped")
    func byteOrderMark() {
        #expect(line("\u{FEFF}{\"a\": 1}") == #"{"a":1}"#)
    }
}
