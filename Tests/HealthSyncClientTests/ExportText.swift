#if SyncClient
import Foundation
import HealthSyncClient

/// An `export.xml` holding `samples`, as Health writes them.
enum ExportText {
    static func xml(_ samples: [HealthSample]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(date(Date()))"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1984-09-23" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>

            """
        for sample in samples {
            var attributes = "type=\"\(sample.type)\" sourceName=\"\(sample.sourceName)\""
            if let version = sample.sourceVersion { attributes += " sourceVersion=\"\(version)\"" }
            if let device = sample.device {
                attributes +=
                    " device=\"\(device.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))\""
            }
            switch sample.value {
            case .quantity(let value, let unit):
                attributes += " unit=\"\(unit)\""
                attributes += sample.created.map { " creationDate=\"\(date($0))\"" } ?? ""
                attributes += " startDate=\"\(date(sample.start))\" endDate=\"\(date(sample.end))\" value=\"\(value)\""
            case .category(let name, _):
                attributes += sample.created.map { " creationDate=\"\(date($0))\"" } ?? ""
                attributes +=
                    " startDate=\"\(date(sample.start))\" endDate=\"\(date(sample.end))\" value=\"\(name ?? "")\""
            }
            if sample.metadata.isEmpty {
                text += " <Record \(attributes)/>\n"
            } else {
                text += " <Record \(attributes)>\n"
                for (key, value) in sample.metadata.sorted(by: { $0.key < $1.key }) {
                    text += "  <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>\n"
                }
                text += " </Record>\n"
            }
        }
        return text + "</HealthData>\n"
    }

    /// `2024-10-25 07:04:44 +0100`, in this machine's zone, as the export writes dates.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
#endif
