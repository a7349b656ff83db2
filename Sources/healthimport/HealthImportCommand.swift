import ArgumentParser
import HealthCore
import HealthExport

/// `healthimport`: imports Apple Health exports into SQLite or JSON lines.
@main
struct HealthImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthimport",
        abstract: "Import Apple Health exports: typed records as JSON lines, or into an SQLite store.",
        discussion: """
            PATH is an export.zip, the apple_health_export folder (or the folder above it), an \
            export.xml, or - for standard input. Data goes to standard output, messages to \
            standard error.
            """,
        version: HealthImportVersion.current,
        // Every command names itself: a name derived from the type's name costs a search of all
        // the program's protocol conformances at each start, once per command.
        subcommands: [
            Import.self, Status.self, Anchors.self, Records.self, Summary.self, Stats.self, Sources.self,
            Parquet.self, Workouts.self, FHIR.self, Redact.self, Watch.self, Report.self, MCPServe.self,
            People.self, Serve.self, SimulatePhone.self,
        ]
    )

    /// Runs the command line, with the allocator set for the run's threads before any starts.
    static func main() {
        SystemCall.tuneAllocator()
        main(nil)
    }
}
