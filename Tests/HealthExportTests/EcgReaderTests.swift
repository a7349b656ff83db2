import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct EcgReaderTests {
    static func parse(_ text: String) throws -> Electrocardiogram {
        try ElectrocardiogramReader.parse(
            Array(text.utf8), filePath: "electrocardiograms/test.csv", displayName: "test.csv")
    }

    @Test(
        "The public ECG file reads its header and every sample",
        .enabled(if: ZipFixtures.corpusAvailable, "../shared/corpus is not beside this clone"))
    func readsPublicFile() throws {
        let path = ZipFixtures.corpus + "/hacktj23-ecg_2023-03-04.csv"
        try #require(FileManager.default.fileExists(atPath: path))
        let ecg = try ElectrocardiogramReader.read(
            try FileByteSource(path: path), filePath: "electrocardiograms/ecg.csv")
        #expect(ecg.recordedDate == TimestampParser.parse("2023-03-04 20:55:07 -0500"))
        #expect(ecg.classification == "Poor Recording")
        #expect(ecg.symptoms == nil)
        #expect(ecg.softwareVersion == "1.90")
        #expect(ecg.device == "Watch6,7")
        #expect(ecg.sampleRateHertz == 512)
        #expect(ecg.lead == "Lead I")
        #expect(ecg.unit == "µV")
        #expect(ecg.samples.count == 14_864)
        #expect(ecg.samples.prefix(2) == [-107.825, -121.163])
        #expect(ecg.endDate == ecg.recordedDate.adding(seconds: 29))
    }

    @Test(
        "Decimal commas are read per locale, and a bare integer is a sample",
        .enabled(if: ZipFixtures.corpusAvailable, "../shared/corpus is not beside this clone"))
    func readsDecimalCommas() throws {
        let path = ZipFixtures.corpus + "/excerpts/healthsync-ecg-pt-decimal-comma-excerpt.csv"
        try #require(FileManager.default.fileExists(atPath: path))
        let ecg = try ElectrocardiogramReader.read(try FileByteSource(path: path), filePath: "ecg.csv")
        #expect(ecg.samples == [-265.868, -271.819, 12, 0.5])
        #expect(ecg.device == "Watch7,11")
        #expect(ecg.recordedDate == TimestampParser.parse("2026-08-26 18:15:35 +0100"))
    }

    @Test("Quoted fields, CRLF lines, a fractional rate and localized keys")
    func readsVariants() throws {
        let ecg = try Self.parse(
            "\u{FEFF}Nome,\"Silva, \"\"Ana\"\"\"\r\nData de registo,2024-02-01 08:00:00 +0000\r\n"
                + "Frequência,\"512,844 hertz\"\r\nDevice,\"Watch6,7\"\r\n\r\n\"-1,5\"\r\n2.25\r\n")
        #expect(ecg.recordedDate == TimestampParser.parse("2024-02-01 08:00:00 +0000"))
        #expect(ecg.sampleRateHertz == 512.844)
        #expect(ecg.device == "Watch6,7")
        #expect(ecg.samples == [-1.5, 2.25])
        #expect(ElectrocardiogramReader.keyValue("Name,\"Silva, \"\"Ana\"\"\"") == ("Name", "Silva, \"Ana\""))
    }

    @Test(
        "Numbers are samples; header values are not",
        arguments: [
            ("-265,868", -265.868), ("12", 12), ("+0.5", 0.5), ("0,5", 0.5),
        ])
    func sampleLines(line: String, value: Double) {
        #expect(ElectrocardiogramReader.sampleValue(Substring(line)) == value)
    }

    @Test(
        "Lines that are not purely numeric are not samples",
        arguments: ["512 hertz", "1,2,3", "-", "1.", "Lead I", "1e3"])
    func notSamples(line: String) {
        #expect(ElectrocardiogramReader.sampleValue(Substring(line)) == nil)
    }

    @Test("An ECG file without a recorded date is an error")
    func missingDate() {
        #expect(throws: ExportError.self) { try Self.parse("Name,X\n1\n2\n") }
    }
}
