import Testing

@testable import HealthExport

/// The scanner's attribute values must read as libxml2 reports them, or be left to libxml2.
@Suite struct AttributeTextTests {
    /// The decoded text, or nil when the value is left to libxml2.
    func decoded(_ value: String) -> String? {
        var output: [UInt8] = Array("kept|".utf8)
        let bytes = Array(value.utf8)
        let resolved = bytes.withUnsafeBufferPointer { buffer in
            AttributeText.decode(buffer.baseAddress!, buffer.count, into: &output)
        }
        guard resolved else { return nil }
        #expect(output.starts(with: "kept|".utf8), "the decoder appends")
        return String(decoding: output.dropFirst(5), as: UTF8.self)
    }

    @Test("The five predefined entities, in every position")
    func predefined() {
        #expect(decoded("&amp;") == "&")
        #expect(decoded("Fish &amp; Chips") == "Fish & Chips")
        #expect(
            decoded("&lt;&lt;HKDevice: 0x2835c1a40&gt;, name:iPhone&gt;") == "<<HKDevice: 0x2835c1a40>, name:iPhone>")
        #expect(decoded("&quot;Anna&apos;s&quot;") == "\"Anna's\"")
        #expect(
            decoded("withings-bd2://timeline/measure?userid=7985588&amp;amp;date=458901481")
                == "withings-bd2://timeline/measure?userid=7985588&amp;date=458901481")
    }

    @Test("Character references, decimal and hexadecimal, to one to four bytes of UTF-8")
    func characterReferences() {
        #expect(decoded("&#65;&#x42;&#X43;") == nil, "XML's hexadecimal marker is a lower-case x")
        #expect(decoded("&#65;&#x42;&#x0043;") == "ABC")
        #expect(decoded("caf&#233;") == "café")
        #expect(decoded("&#x2019;s") == "’s")
        #expect(decoded("&#x1F3C3;&#128512;") == "🏃😀")
    }

    @Test("Tabs and line breaks read as spaces; other bytes as written")
    func whiteSpace() {
        #expect(decoded("a\tb\nc\r\nd") == "a b c  d")
        #expect(decoded("Anna’s Apple Watch") == "Anna’s Apple Watch")
        #expect(decoded("") == "")
    }

    @Test(
        "Malformed references and undeclared entities are left to libxml2",
        arguments: [
            "&nbsp;", "&amp", "a & b", "&#;", "&#x;", "&#+65;", "&#-65;", "&#xD800;", "&#0;", "&#x110000;",
            "&#123456789;", "&#12a;", "&#xG1;", "&;",
        ])
    func leftToLibxml2(value: String) {
        #expect(decoded(value) == nil)
    }
}
