import Foundation
import HealthExport

/// The folder a command writes its files to: created when first needed, each file written whole
/// under a name not yet taken in this run.
final class OutputFolder {
    let path: String
    private var taken = Set<String>()
    private var created = false

    /// Checks that `path` is a folder or missing; it is created by the first write or
    /// ``create()``, so a run that fails before it leaves nothing behind.
    init(_ path: String) throws {
        self.path = path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CommandFailure("\(path) exists and is not a folder") }
            created = true
        }
    }

    /// Creates the folder when missing.
    func create() throws {
        guard !created else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(SystemCall.describe(error, action: "cannot create the folder \(path)"))
        }
        created = true
    }

    /// Writes `bytes` to `stem.ext`, or `stem_2.ext` (and so on) when this run already wrote that
    /// name; returns the file's name.
    @discardableResult
    func write(_ bytes: [UInt8], stem: String, extension ext: String) throws -> String {
        var name = stem + "." + ext
        var number = 2
        while taken.contains(name) {
            name = stem + "_" + String(number) + "." + ext
            number += 1
        }
        taken.insert(name)
        try write(bytes, name: name)
        return name
    }

    /// Writes `bytes` to the file `name`, replacing it.
    func write(_ bytes: [UInt8], name: String) throws {
        try create()
        let file = path + "/" + name
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandFailure(SystemCall.describe(error, action: "cannot write \(file)"))
        }
    }
}
