import HealthExport

/// Small JSON values stored in text columns (metadata of nested elements, eyes, points).
enum JSONText {
    /// `{"key": "value", ...}` in written order (always an object, `{}` when empty).
    static func object(_ entries: [MetadataEntry], to out: inout JSONBuffer) {
        out.beginObject()
        for entry in entries {
            out.key(entry.key)
            out.string(entry.value)
        }
        out.endObject()
    }

    /// Like ``object(_:to:)`` but writes nothing for no entries (the column is NULL).
    static func optionalObject(_ entries: [MetadataEntry], to out: inout JSONBuffer) {
        guard !entries.isEmpty else { return }
        object(entries, to: &out)
    }

    /// `{"name": "value", ...}` of written attributes.
    static func attributes(_ attributes: [WrittenAttribute], to out: inout JSONBuffer) {
        object(attributes.map { MetadataEntry(key: $0.name, value: $0.value) }, to: &out)
    }

    /// `{"name": ..., "manufacturer": ..., ...}` of a device, absent fields left out.
    static func device(_ device: Device, to out: inout JSONBuffer) {
        out.beginObject()
        out.field("name", device.name)
        out.field("manufacturer", device.manufacturer)
        out.field("model", device.model)
        out.field("hardware", device.hardware)
        out.field("software", device.software)
        for entry in device.other {
            out.key(entry.key)
            out.string(entry.value)
        }
        out.endObject()
    }

    /// `["a", "b"]`.
    static func strings(_ values: [String], to out: inout JSONBuffer) {
        out.beginArray()
        for value in values { out.string(value) }
        out.endArray()
    }

    /// `[1.5, 2]`.
    static func numbers(_ values: [Double], to out: inout JSONBuffer) {
        out.beginArray()
        for value in values { out.number(value) }
        out.endArray()
    }
}
