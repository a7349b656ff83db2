import Foundation
import HealthExport
import HealthParquet
import HealthParquetTables

/// The folder `parquet` writes into: made ready before a run, tidied and reported after it.
enum ParquetFolder {
    /// Fails when `path` names something that is not a folder.
    static func check(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure("\(path) exists and is not a folder")
        }
    }

    /// Creates `path` when missing; fails when it names something that is not a folder.
    static func prepare(_ path: String) throws -> String {
        try check(path)
        if FileManager.default.fileExists(atPath: path) { return path }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(SystemCall.describe(error, action: "cannot create the folder \(path)"))
        }
        return path
    }

    /// Removes the files of tables an earlier run wrote that this run left without rows, so the
    /// folder holds one run's data.
    static func removeStale(in folder: String, keeping written: [String]) {
        let all = (ParquetTable.recordTables + ParquetTable.storeTables).map(\.fileName)
        for name in all where !written.contains(name) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// A writer's failure as a failure of the command.
    static func failure(_ error: any Error) -> any Error {
        guard let error = error as? ParquetError else { return error }
        guard let cause = error.cause else { return CommandFailure(error.message) }
        return CommandFailure(SystemCall.describe(cause, action: error.action))
    }

    /// The files written and their rows, on standard error.
    static func printCounts(_ counts: [(file: String, rows: Int64)], folder: String) {
        if counts.isEmpty { Diagnostics.print("healthimport: no rows to write; \(folder) holds no Parquet files") }
        let width = counts.map(\.file.count).max() ?? 0
        for (file, rows) in counts {
            Diagnostics.print(
                "  \(file.padding(toLength: width, withPad: " ", startingAt: 0))  \(rows) row\(rows == 1 ? "" : "s")")
        }
    }
}
