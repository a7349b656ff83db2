import GRDB
import HealthExport
import HealthJSON

/// The integer keys of the types, sources and devices that sample rows refer to, looked up or
/// added as the writer meets them.
///
/// A key is derived from its value (``SampleKey``), so two stores holding the same records
/// hold the same rows, whatever order their imports met the values in.
///
/// Samples come in runs of one type from one source and device, so each kind of key remembers
/// the last values and their keys (the last few sources and devices: the runs of a watch's and
/// a phone's samples interleave): most rows cost three comparisons. Other values are remembered in
/// a dictionary that is emptied when it grows past ``remembered`` entries, so memory stays
/// bounded whatever an export holds. Keys added in a transaction that rolls back are gone:
/// call ``forget()`` then.
final class SampleKeys {
    /// Values of each kind kept in memory at most.
    static let remembered = 4096

    private let db: Database
    // One writer's thread uses it, a row at a time, and never lends these out, so their dynamic
    // exclusivity checks, made for every row, are dropped.
    @exclusivity(unchecked) private var types: [String: Int64] = [:]
    @exclusivity(unchecked) private var sources: [SourceName: Int64] = [:]
    @exclusivity(unchecked) private var devices: [String: Int64] = [:]
    @exclusivity(unchecked) private var lastType: (name: String, key: Int64)?
    /// The sources and devices met last, with their keys, the latest first.
    @exclusivity(unchecked) private var recentSources: [(name: SourceName, key: Int64?)] = []
    @exclusivity(unchecked) private var recentDevices: [(device: Device, key: Int64)] = []
    /// Sources and devices kept in ``recentSources`` and ``recentDevices``.
    static let recentCount = 4

    private struct SourceName: Hashable {
        var name: String?
        var version: String?
    }

    init(_ db: Database) { self.db = db }

    /// Forgets every key: the next use of a value looks it up again.
    func forget() {
        types.removeAll()
        sources.removeAll()
        devices.removeAll()
        lastType = nil
        recentSources.removeAll()
        recentDevices.removeAll()
    }

    /// The key of `type`.
    @inline(__always)
    func type(_ name: String) throws -> Int64 {
        if let lastType, lastType.name == name { return lastType.key }
        let key = try types[name] ?? remember(&types, name, try SampleKey.type(name, db))
        lastType = (name, key)
        return key
    }

    /// The key of a source's name and version; `nil` when both are missing.
    @inline(__always)
    func source(name: String?, version: String?) throws -> Int64? {
        let source = SourceName(name: name, version: version)
        if let index = recentSources.firstIndex(where: { $0.name == source }) {
            return Self.promote(index, in: &recentSources).key
        }
        var key: Int64?
        if name != nil || version != nil {
            key = try sources[source] ?? remember(&sources, source, try SampleKey.source(name, version, db))
        }
        Self.add((source, key), to: &recentSources)
        return key
    }

    /// The key of a device, stored as its JSON object; `nil` for none.
    @inline(__always)
    func device(_ device: Device?) throws -> Int64? {
        guard let device else { return nil }
        if let index = recentDevices.firstIndex(where: { $0.device == device }) {
            return Self.promote(index, in: &recentDevices).key
        }
        var buffer = JSONBuffer(capacity: 256)
        buffer.object(device)
        let json = buffer.text
        let key = try devices[json] ?? remember(&devices, json, try SampleKey.device(json, db))
        Self.add((device, key), to: &recentDevices)
        return key
    }

    /// Moves the entry at `index` of `recent` first; returns it.
    @inline(__always)
    private static func promote<Entry>(_ index: Int, in recent: inout [Entry]) -> Entry {
        let entry = recent[index]
        if index > 0 {
            recent.remove(at: index)
            recent.insert(entry, at: 0)
        }
        return entry
    }

    /// Puts `entry` first in `recent`, dropping the oldest past ``recentCount``.
    private static func add<Entry>(_ entry: Entry, to recent: inout [Entry]) {
        if recent.count >= recentCount { recent.removeLast() }
        recent.insert(entry, at: 0)
    }

    private func remember<Value: Hashable>(_ memory: inout [Value: Int64], _ value: Value, _ key: Int64) -> Int64 {
        if memory.count >= Self.remembered { memory.removeAll() }
        memory[value] = key
        return key
    }
}

/// The keys of `sample_types`, `sample_sources` and `devices`: the first free one from 31 bits
/// of the FNV-1a hash of the value, so that they depend on the values alone unless two
/// values' hashes meet (about once in a billion pairs). Four bytes in a row, where a key
/// counted from 1 would take one: stores that hold the same records are the same.
enum SampleKey {
    /// The key of `type`, added to `sample_types` when new.
    static func type(_ type: String, _ db: Database) throws -> Int64 {
        try key(
            in: "sample_types", hash: hash([type]), find: "type = ?", arguments: [type],
            insert: "INSERT INTO sample_types (id, type) VALUES (?, ?)", db)
    }

    /// The key of a source's name and version, added to `sample_sources` when new.
    static func source(_ name: String?, _ version: String?, _ db: Database) throws -> Int64 {
        try key(
            in: "sample_sources", hash: hash([name, version]), find: "source_name IS ? AND source_version IS ?",
            arguments: [name, version],
            insert: "INSERT INTO sample_sources (id, source_name, source_version) VALUES (?, ?, ?)", db)
    }

    /// The key of a device's JSON, added to `devices` when new.
    static func device(_ json: String, _ db: Database) throws -> Int64 {
        try key(
            in: "devices", hash: hash([json]), find: "device = ?", arguments: [json],
            insert: "INSERT INTO devices (id, device) VALUES (?, ?)", db)
    }

    /// FNV-1a over the values' bytes, each led by whether it is there.
    static func hash(_ values: [String?]) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        for value in values {
            guard let value else {
                add(0)
                continue
            }
            add(1)
            for byte in value.utf8 { add(byte) }
            add(0)
        }
        return Int64(hash >> 33) | 1
    }

    /// The key of the row of `table` matching `find`, or of a new row: the first free key from
    /// `hash` on.
    private static func key(
        in table: String, hash: Int64, find: String, arguments: StatementArguments, insert: String, _ db: Database
    ) throws -> Int64 {
        if let found = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(table) WHERE \(find)"), arguments: arguments)
        {
            return found
        }
        var key = hash
        let taken = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)")
        while try Bool.fetchOne(taken, arguments: [key]) == true { key = key == Int64(Int32.max) ? 1 : key + 1 }
        try db.execute(sql: insert, arguments: [key] + arguments)
        return key
    }
}
