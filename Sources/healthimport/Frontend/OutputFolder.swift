import Foundation
import HealthExport

/// The folder a command writes its files to: created when missing, each file written whole
/// under a name not yet taken in this run.
final class OutputFolder {
    let path: String
    private var taken = Set<String>()

    /// Opens (creating) the folder at `path`.
    init(_ path: String) throws {
        self.path = path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CommandFailure("\(path) exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(SystemCall.describe(error, action: "cannot create the folder \(path)"))
            }
        }
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
        let file = path + "/" + name
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandFailure(SystemCall.describe(error, action: "cannot write \(file)"))
        }
    }
}
