import HealthExport

// An export lists a type's records together, mostly from one source and device, so most records
// repeat the `kind`, `type` and source fields of the record before: copying their bytes spares
// escaping the same strings again (about a fifth of a quantity sample's encoding).
extension JSONBuffer {
    /// Writes the `kind` and `type` fields.
    public mutating func kindAndType(_ kind: RecordKind, _ type: String) {
        if let last = lastKindAndType, last.kind == kind, last.type == type {
            fields(json: last.json)
            return
        }
        let start = beginFieldRun()
        field("kind", kind.rawValue)
        field("type", type)
        lastKindAndType = (kind, type, fieldRun(since: start))
    }

    /// Writes the `sourceName`, `sourceVersion` and `device` fields, absent ones left out.
    public mutating func source(name: String, version: String?, device: Device?) {
        if let last = lastSource, last.name == name, last.version == version, last.device == device {
            fields(json: last.json)
            return
        }
        let start = beginFieldRun()
        field("sourceName", name)
        field("sourceVersion", version)
        if let device {
            key("device")
            object(device)
        }
        lastSource = (name, version, device, fieldRun(since: start))
    }
}
