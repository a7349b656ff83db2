#if PostgreSQL
import ArgumentParser
import HealthCore
import HealthPostgres

extension People {
    /// `people erase NAME`: every row of a person, in one transaction, audited.
    struct Erase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "erase",
            abstract: "Erase a person: every row of theirs, their keys and backfill, in one transaction.",
            discussion: """
                Prints each table and how many rows it lost. The erasures table keeps who asked, when \
                and those counts (no health data). Refused while an import of theirs runs (exit 75).
                """)

        @Argument(help: "The person's name.")
        var name: String

        @OptionGroup var database: Database

        func run() throws {
            try CommandRunner.run {
                guard let erasure = try database.run(person: name, { try await $0.erase(requestedBy: "command line") })
                else {
                    throw CommandFailure("nothing of \(name) to erase (healthimport people list)")
                }
                try StandardOutput.print(
                    erasure.rows.filter { $0.count > 0 }.map { "\($0.table)\t\($0.count)\n" }.joined())
                Diagnostics.print(
                    "healthimport: erased \(erasure.total) rows of \(name) (audit row \(erasure.auditID) in erasures)"
                )
            }
        }
    }
}
#endif
