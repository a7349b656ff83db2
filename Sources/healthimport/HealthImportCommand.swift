import ArgumentParser
import HealthCore

#if canImport(Glibc)
    import Glibc
#endif

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
        // the program's protocol conformances at each start (about a million instructions each).
        subcommands: [
            Import.self, Status.self, Anchors.self, Records.self, Summary.self, Stats.self, Sources.self, Watch.self,
            MCPServe.self, Report.self, People.self, Serve.self,
        ]
    )

    /// Runs the command line, with glibc's malloc limited to two arenas before any thread
    /// starts: records are built on the parsers' threads and freed on others, and an arena per
    /// thread only holds more freed memory (`records` on 200 MB: peak 46.2 to 44.8 MB, no slower).
    static func main() {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            let arenaMaximum: Int32 = -8  // M_ARENA_MAX
            if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
                _ = unsafeBitCast(mallopt, to: MallocOption.self)(arenaMaximum, 2)
            }
        #endif
        main(nil)
    }
}
