import Foundation
import Testing

@testable import HealthExport

/// ECG files as a spreadsheet leaves them after opening and saving: every sample is kept.
@Suite struct EcgSpreadsheetTests {
    static func parse(_ text: String) throws -> Electrocardiogram {
        try ElectrocardiogramReader.parse(
            Array(text.utf8), filePath: "electrocardiograms/ecg_2023-06-25.csv", displayName: "ecg_2023-06-25.csv")
    }

    /// 1,024 samples of a 512 Hz recording: two seconds.
    static let samples = (0..<1024).map { Double($0 % 200) - 100.5 }

    @Test("CRLF lines ending in a comma keep every sample and give the end from count and rate")
    func trailingCommas() throws {
        var text =
            "Name,Ana Silva,\r\nDate of Birth,\"Jan 15, 1990\",\r\n"
            + "Recorded Date,2023-06-25 09:41:10 +0200,\r\nClassification,Sinus Rhythm,\r\nSymptoms,,\r\n"
            + "Software Version,1.90,\r\nDevice,\"<<HKDevice: 0x283e6d0e0>, name:Apple Watch, hardware:Watch6,7>\",\r\n"
            + "Sample Rate,512 hertz,\r\nLead,Lead I,\r\nUnit,µV,\r\n,,\r\n,,\r\n"
        for sample in Self.samples { text += "\(sample),\r\n" }
        let ecg = try Self.parse(text)
        #expect(ecg.samples == Self.samples)
        #expect(ecg.recordedDate == TimestampParser.parse("2023-06-25 09:41:10 +0200"))
        #expect(ecg.endDate == ecg.recordedDate.adding(seconds: 2))
        #expect(ecg.sampleRateHertz == 512)
        #expect(ecg.classification == "Sinus Rhythm")
        #expect(ecg.symptoms == nil)
        #expect(ecg.lead == "Lead I")
        #expect(ecg.unit == "µV")
        #expect(ecg.device?.hasSuffix("hardware:Watch6,7>") == true)
    }

    @Test("Semicolons, decimal commas, quoted cells and a byte order mark")
    func semicolonsAndDecimalCommas() throws {
        var text =
            "\u{FEFF}\"Nome\";\"Ana Silva\";\r\n\"Data de registo\";\"2023-06-25 09:41:10 +0100\";\r\n"
            + "\"Frequência de amostragem\";\"512,844 hertz\";\r\n\"Device\";\"Watch7,11\";\r\n;;\r\n"
        for sample in Self.samples {
            let written = String(sample).replacingOccurrences(of: ".", with: ",")
            text += "\"\(written)\";;\r\n"
        }
        let ecg = try Self.parse(text)
        #expect(ecg.samples == Self.samples)
        #expect(ecg.sampleRateHertz == 512.844)
        #expect(ecg.device == "Watch7,11")
        #expect(ecg.endDate == ecg.recordedDate.adding(seconds: 2))
    }

    @Test("Old Mac line ends (CR alone) and unquoted decimal commas")
    func carriageReturns() throws {
        let text = "Recorded Date;2023-06-25 09:41:10 +0200\rSample Rate;512 hertz\r\r-265,868;\r12\r0,5\r"
        let ecg = try Self.parse(text)
        #expect(ecg.samples == [-265.868, 12, 0.5])
    }

    @Test("An anonymised Recorded Date is named as not a date, with its line")
    func anonymisedDate() {
        let text =
            "Name,,\r\nDate of Birth,,\r\nRecorded Date,xxxx-06-25 09:41:10 +0200,\r\nSample Rate,512 hertz,\r\n1,\r\n"
        #expect {
            try Self.parse(text)
        } throws: { error in
            (error as? ExportError)?.description
                == "ecg_2023-06-25.csv:3: error: Recorded Date `xxxx-06-25 09:41:10 +0200` is not a date"
        }
    }

    @Test(
        "Cells after a key are split as a spreadsheet writes them",
        arguments: [
            ("Lead,Lead I,,", "Lead", "Lead I"), ("\"Device\",\"Watch6,7\",", "Device", "Watch6,7"),
            ("Sample Rate,512,844 hertz", "Sample Rate", "512,844 hertz"), ("Unit;µV;", "Unit", "µV"),
            ("Symptoms,,", "Symptoms", ""), ("Name,\"Silva, \"\"Ana\"\"\",x", "Name", "Silva, \"Ana\""),
        ])
    func cells(line: String, key: String, value: String) {
        #expect(ElectrocardiogramReader.keyValue(Substring(line)) == (key, value))
    }

    @Test(
        "Samples with a spreadsheet's empty cells after them",
        arguments: [("-107.825,", -107.825), ("-265,868;;", -265.868), ("\"0,5\",", 0.5)])
    func sampleCells(line: String, value: Double) {
        #expect(ElectrocardiogramReader.sampleValue(Substring(line)) == value)
    }
}
