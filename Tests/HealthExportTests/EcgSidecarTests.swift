import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// ECG files in an archive: spreadsheet-saved ones read whole; unreadable ones are named.
@Suite struct EcgSidecarTests {
    static func csv(date: String, rate: String, samples: Int) -> [UInt8] {
        var text =
            "Name,Ana Silva,\r\nRecorded Date,\(date),\r\nSample Rate,\(rate),\r\nLead,Lead I,\r\nUnit,µV,\r\n,,\r\n"
        for index in 0..<samples { text += "\(Double(index) / 4 - 10),\r\n" }
        return Array(text.utf8)
    }

    @Test("A spreadsheet-saved ECG keeps its samples; an anonymised date and a missing rate are named")
    func archive() throws {
        var zip = ZipBuilder()
        zip.add("apple_health_export/export.xml", Array(export("").utf8))
        zip.add(
            "apple_health_export/electrocardiograms/ecg_2023-06-25.csv",
            Self.csv(date: "2023-06-25 09:41:10 +0200", rate: "512 hertz", samples: 15_360))
        zip.add(
            "apple_health_export/electrocardiograms/ecg_2023-06-26.csv",
            Self.csv(date: "xxxx-06-26 09:41:10 +0200", rate: "512 hertz", samples: 10))
        zip.add(
            "apple_health_export/electrocardiograms/ecg_2023-06-27.csv",
            Self.csv(date: "2023-06-27 09:41:10 +0200", rate: "", samples: 10))
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/export.zip"
        try ZipFixtures.write(zip.build(), to: path)
        let (records, report) = try ZipFixtures.records(try ExportPackage.open(path).read)
        let ecgs = records.compactMap { record -> Electrocardiogram? in
            if case .electrocardiogram(let ecg) = record { ecg } else { nil }
        }
        #expect(ecgs.map(\.samples.count) == [15_360, 10])
        #expect(ecgs.first?.endDate == ecgs.first?.recordedDate.adding(seconds: 30))
        #expect(
            report.warnings == [
                "\(path): warning: ECG file electrocardiograms/ecg_2023-06-26.csv skipped: "
                    + "\(path):apple_health_export/electrocardiograms/ecg_2023-06-26.csv:2: error: "
                    + "Recorded Date `xxxx-06-26 09:41:10 +0200` is not a date",
                "\(path): warning: ECG file electrocardiograms/ecg_2023-06-27.csv has no Sample Rate that reads as a number: "
                    + "its end is taken as its start",
            ])
    }
}
