#if PostgreSQL
import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthParquetPostgres
import HealthPostgres

extension People {
    /// `people export NAME -o FILE.zip`: a person's records as a zip of JSON lines and Parquet tables.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract:
                "Write a person's data to a zip: records.jsonl (as `records` writes them), parquet/ (as `parquet --db` writes them) and export.json."
        )

        @Argument(help: "The person's name.")
        var name: String

        @Option(name: .shortAndLong, help: ArgumentHelp("The zip to write.", valueName: "file.zip"))
        var output: String

        @OptionGroup var database: Database

        func run() throws {
            try CommandRunner.run {
                guard FileManager.default.createFile(atPath: output, contents: nil),
                    let handle = FileHandle(forWritingAtPath: output)
                else {
                    throw CommandFailure("cannot write \(output)")
                }
                let count: Int
                do {
                    count = try database.run(person: name) { store in
                        try await store.requireKnownPerson()
                        return try await PersonExportZip.write(store, scratchFolder: NSTemporaryDirectory()) { bytes in
                            do {
                                try handle.write(contentsOf: bytes)
                            } catch {
                                throw CommandFailure(SystemCall.describe(error, action: "cannot write \(output)"))
                            }
                        }
                    }
                    try handle.close()
                } catch {
                    try? handle.close()
                    try? FileManager.default.removeItem(atPath: output)
                    throw error
                }
                Diagnostics.print("healthimport: wrote \(count) records of \(name) to \(output)")
            }
        }
    }
}
#endif
