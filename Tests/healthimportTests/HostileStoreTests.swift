import Foundation
import Testing

/// A store file that is not SQLite, or is damaged: one clear error, a non-zero exit, and the
/// file left exactly as it was.
@Suite struct HostileStoreTests {
    static let sample = CLI.sample("v14-2025/export.xml")

    static func damagedStores() -> [(String, [UInt8])] {
        let text = Array("this is a shopping list, not a database\n".utf8)
        var header = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0xFF, count: 84)
        header += [UInt8](repeating: 0xA5, count: 4096 - header.count)
        return [("text", text), ("damaged SQLite header", header), ("zeros", [UInt8](repeating: 0, count: 8192))]
    }

    @Test("Every command that reads a store says alike that none is there, and creates none")
    func missingStore() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in [["status"], ["anchors"], ["stats", "--type", "steps"], ["sources"], ["report"]] {
            let result = try CLI.run(command + ["--db", "none.sqlite"], directory: folder)
            #expect(result.status == 1, "\(command[0]): \(result.stderr)")
            #expect(
                result.stderr
                    == "healthimport: error: none.sqlite does not exist: import an export first, or give --db\n",
                "\(command[0])")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test(
        "A store that is not SQLite or is damaged: an error naming it, exit 1, the file untouched",
        arguments: damagedStores())
    func notSQLite(name: String, bytes: [UInt8]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/health.sqlite"
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        for arguments in [["import", Self.sample, "--all", "--db", store], ["status", "--db", store]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 1, "\(name) \(arguments[0]): \(result.stderr)")
            #expect(result.stderr.contains("health.sqlite"), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(name): \(result.stderr)")
            let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store)))
            #expect(after == bytes, "\(name) \(arguments[0]): the file changed")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "health.sqlite" }
            #expect(leftovers.isEmpty, "\(name): \(leftovers)")
        }
    }
}
