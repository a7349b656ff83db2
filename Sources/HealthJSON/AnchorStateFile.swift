import HealthCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
    }

    /// The anchors in the file, by type; none when the file does not exist yet.
    public func load() throws -> [String: Anchor] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StoreError(.io, "cannot read the state file \(path): \(error.localizedDescription)")
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            return Dictionary(contents.anchors.map { ($0.type, $0) }, uniquingKeysWith: { $1 })
        } catch {
            throw StoreError(.corrupt, "\(path) is not a healthimport state file (\(error))")
        }
    }

    /// Writes `anchors` (merged over the file's current ones) atomically.
    public func save(merging anchors: [Anchor], into current: [String: Anchor]) throws {
        var merged = current
        for anchor in anchors { merged[anchor.type] = anchor }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Contents(anchors: merged.values.sorted { $0.type < $1.type }))
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
