import Foundation
import HealthCore
import HealthExport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Anchors kept in a JSON file, for `records --state`: the same rules as the store, without a store.
///
/// The file is replaced atomically (written beside it, synced, renamed), so a crash leaves the
/// old state or the new one, never half of either.
public struct AnchorStateFile: Sendable {
    /// The file's path.
    public var path: String

    /// A state file at `path`.
    public init(path: String) {
        self.path = path
    }

    private struct Contents: Codable {
        var format = 1
        var anchors: [Anchor]
        /// Per type, what the last run read completely (absent in files of earlier versions).
        var snapshots: [SnapshotText]?
    }

    /// A ``TypeSnapshot`` as the file keeps it: the table's cells in base64, digests in hex.
    private struct SnapshotText: Codable {
        var type: String
        var from: Int64?
        var through: Int64
        var count: Int
        var cells: String
        var digests: [String: String]
        var syncs: [String: String]?

        init(_ snapshot: TypeSnapshot) {
            type = snapshot.type
            from = snapshot.from
            through = snapshot.through
            count = snapshot.count
            var bytes: [UInt8] = []
            bytes.reserveCapacity(snapshot.table.cells.count * 36)
            func append<T: FixedWidthInteger>(_ value: T) {
                withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
            }
            for cell in snapshot.table.cells {
                append(cell.count)
                append(cell.high)
                append(cell.low)
                append(cell.start)
                append(cell.check)
            }
            cells = Data(bytes).base64EncodedString()
            var digests: [String: String] = [:]
            for (id, digest) in snapshot.digests { digests[id.description] = String(digest, radix: 16) }
            self.digests = digests
            var syncs: [String: String] = [:]
            for (key, id) in snapshot.syncs { syncs[String(key, radix: 16)] = id.description }
            self.syncs = syncs.isEmpty ? nil : syncs
        }

        var snapshot: TypeSnapshot? {
            guard let data = Data(base64Encoded: cells), data.count % 36 == 0, !data.isEmpty else { return nil }
            let bytes = [UInt8](data)
            func read<T: FixedWidthInteger>(_: T.Type, _ offset: Int) -> T {
                var value = T.zero
                withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<offset + MemoryLayout<T>.size]) }
                return T(littleEndian: value)
            }
            var list: [IDDifference.Cell] = []
            var offset = 0
            while offset < bytes.count {
                var cell = IDDifference.Cell()
                cell.count = read(Int32.self, offset)
                cell.high = read(UInt64.self, offset + 4)
                cell.low = read(UInt64.self, offset + 12)
                cell.start = read(Int64.self, offset + 20)
                cell.check = read(UInt64.self, offset + 28)
                list.append(cell)
                offset += 36
            }
            var parsed: [RecordID: UInt64] = [:]
            for (id, digest) in digests {
                if let id = RecordID(id), let digest = UInt64(digest, radix: 16) { parsed[id] = digest }
            }
            var syncIDs: [UInt64: RecordID] = [:]
            for (key, id) in syncs ?? [:] {
                if let key = UInt64(key, radix: 16), let id = RecordID(id) { syncIDs[key] = id }
            }
            return TypeSnapshot(
                type: type, from: from, through: through, count: count, table: IDDifference(restoring: list),
                digests: parsed, syncs: syncIDs)
        }
    }

    /// The anchors in the file, by type; none when the file does not exist yet.
    public func load() throws -> [String: Anchor] {
        try loadAll().anchors
    }

    /// The anchors and the snapshots in the file, by type; none when the file does not exist yet.
    public func loadAll() throws -> (anchors: [String: Anchor], snapshots: [String: TypeSnapshot]) {
        guard FileManager.default.fileExists(atPath: path) else { return ([:], [:]) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StoreError(.io, SystemCall.describe(error, action: "cannot read the state file \(path)"))
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            let snapshots = (contents.snapshots ?? []).compactMap(\.snapshot)
            return (
                Dictionary(contents.anchors.map { ($0.type, $0) }, uniquingKeysWith: { $1 }),
                Dictionary(snapshots.map { ($0.type, $0) }, uniquingKeysWith: { $1 })
            )
        } catch {
            throw StoreError(.corrupt, "\(path) is not a healthimport state file (\(error))")
        }
    }

    /// Writes `anchors` (merged over the file's current ones) and `snapshots` atomically.
    public func save(
        merging anchors: [Anchor], into current: [String: Anchor], snapshots: [String: TypeSnapshot] = [:]
    ) throws {
        var merged = current
        for anchor in anchors { merged[anchor.type] = anchor }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(
            Contents(
                anchors: merged.values.sorted { $0.type < $1.type },
                snapshots: snapshots.isEmpty
                    ? nil : snapshots.values.sorted { $0.type < $1.type }.map(SnapshotText.init)))
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw StoreError(.io, "cannot write \(temporary)")
        }
        let descriptor = open(temporary, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StoreError(.io, "cannot replace \(path): \(reason)")
        }
    }
}
