import HealthCore
import HealthExport

/// The small JSON values both the JSON lines and the store's JSON columns write.
extension JSONBuffer {
    /// `{"key": "value", ...}` in written order.
    public mutating func object(_ entries: [MetadataEntry]) {
        beginObject()
        for entry in entries {
            key(entry.key)
            string(entry.value)
        }
        endObject()
    }

    /// `{"name": value, ...}` of attributes as written, numbers as numbers.
    public mutating func object(_ attributes: [WrittenAttribute]) {
        beginObject()
        for attribute in attributes {
            key(attribute.name)
            if let value = NumberParser.parseDouble(attribute.value) {
                number(value)
            } else {
                string(attribute.value)
            }
        }
        endObject()
    }

    /// `{"name": ..., "manufacturer": ..., ...}` of a device, absent fields left out.
    public mutating func object(_ device: Device) {
        if let last = lastDevice, last.device == device {
            value(json: last.json)
            return
        }
        beginObject()
        let start = count - 1
        field("name", device.name)
        field("manufacturer", device.manufacturer)
        field("model", device.model)
        field("hardware", device.hardware)
        field("software", device.software)
        for entry in device.other {
            key(entry.key)
            string(entry.value)
        }
        endObject()
        lastDevice = (device, Array(bytes[start...]))
    }

    /// `["a", "b"]`.
    public mutating func array(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `[1.5, 2]`.
    public mutating func array(_ values: [Double]) {
        beginArray()
        for value in values { number(value) }
        endArray()
    }

    /// `[[bpm, time_unix_ms, written_time], ...]`: a sample's beats as both stores keep them in
    /// `heartbeat_series.beats`, which their `heartbeats` view spreads out a row per beat.
    public mutating func beatSeries(_ beats: [Heartbeat]) {
        beginArray()
        for beat in beats {
            beginArray()
            number(beat.bpm)
            if let milliseconds = beat.millisecondsSince1970 {
                integer(Int(milliseconds))
            } else {
                null()
            }
            string(beat.writtenTime)
            endArray()
        }
        endArray()
    }
}
