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
            MCPServe.self, Report.self, Redact.self, People.self, Serve.self,
        ]
    )

    /// Runs the command line, with glibc's malloc set before any thread starts:
    /// - two arenas: records are built on the parsers' threads and freed on others, and an arena
    ///   per thread only holds more freed memory (`records` on 200 MB: peak 46.2 to 44.8 MB);
    /// - blocks of 64 KiB and more mapped on their own, and an arena's free top given back from
    ///   1 MiB: glibc otherwise raises the first bound up to 32 MB as large blocks are freed,
    ///   and keeps them in the arenas (the 1 GB benchmark export's import peaked at 62 to 67 MB,
    ///   61 MB with these), no slower.
    static func main() {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            let (arenaMaximum, mapThreshold, trimThreshold): (Int32, Int32, Int32) = (-8, -3, -1)
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
                let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
                _ = mallopt(arenaMaximum, 2)
                _ = mallopt(mapThreshold, 64 * 1024)
                _ = mallopt(trimThreshold, 1024 * 1024)
            }
        #endif
        main(nil)
    }
}
