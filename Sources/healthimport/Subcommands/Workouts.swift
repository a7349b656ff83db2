import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthQuery
import HealthWorkouts
import HealthWorkoutsStore

#if PostgreSQL
import HealthPostgres
import HealthWorkoutsPostgres
#endif

/// `healthimport workouts PATH|--db DB -o DIR --format gpx|tcx|json`: workouts as files training platforms take.
struct Workouts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Write the export's workouts as GPX or TCX files, or as JSON lines with heart-rate zones.",
        discussion: """
            gpx: one GPX 1.1 file per workout with a route, with heart rate and cadence in Garmin's \
            TrackPointExtension. tcx: one TCX file per workout, with laps. json: DIR/workouts.jsonl \
            (or standard output with -o -), one line per workout with seconds in heart-rate zones. \
            Files are named by the local start time and activity (2024-05-07_1318_running.gpx). \
            By default only the 30 days before the export's date; --all for everything. With --db, \
            the workouts of an SQLite store, their stored routes and samples (the window counts back \
            from the newest imported export's date). \
            See docs/workouts.md.
            """
    )

    /// Warnings printed at most; beyond them, one line says how many more.
    static let warningLimit = 20

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gpx
        case tcx
        case json
    }

    @Argument(
        help: "The export: export.zip, the apple_health_export folder (or the folder above it), or export.xml.")
    var path: String?

    @Option(
        help: ArgumentHelp(
            "Read this store instead of an export: an SQLite file, or a PostgreSQL database (postgresql://user@host/db).",
            valueName: "path-or-url"))
    var db: String?

    @Option(
        help: ArgumentHelp(
            "Whose data, in a PostgreSQL store shared by several people (default: me).", valueName: "name"))
    var person: String?

    @Flag(name: .shortAndLong, help: "Print no progress or warnings on standard error.")
    var quiet = false

    @OptionGroup var window: WindowOptions

    @Option(
        name: .customLong("activity"),
        help: ArgumentHelp(
            "Only these activities, comma-separated or repeated (running,cycling,hiking; any HKWorkoutActivityType name).",
            valueName: "activity"))
    var activities: [String] = []

    @Option(help: ArgumentHelp("What to write: gpx, tcx or json.", valueName: "format"))
    var format: Format

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "The folder to write to (created when missing); - for JSON lines on standard output.", valueName: "dir"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "The maximum heart rate for the zones of --format json (default: 220 minus the age from the export's date of birth, else the highest heart rate of the year before the export's date).",
            valueName: "bpm"))
    var maxHeartRate: Double?

    func validate() throws {
        if output == "-", format != .json {
            throw ValidationError("-o - writes JSON lines only: give a folder for --format \(format.rawValue).")
        }
        if let maxHeartRate, !(maxHeartRate >= 60 && maxHeartRate <= 250) {
            throw ValidationError("--max-heart-rate must be between 60 and 250.")
        }
        switch (path, db) {
        case (nil, nil): throw ValidationError("Give an export (PATH) or a store (--db).")
        case (.some, .some): throw ValidationError("Give an export (PATH) or a store (--db), not both.")
        default: break
        }
        if person != nil, db.map(StoreOptions.isPostgres) != true {
            throw ValidationError("--person chooses whose data of a PostgreSQL store (--db postgresql://...).")
        }
        if path == "-" {
            throw ValidationError(
                "workouts reads the export twice: give the export's file or folder, not standard input.")
        }
    }

    private var activitySelection: ActivitySelection {
        ActivitySelection(names: activities.flatMap { $0.split(separator: ",").map(String.init) })
    }

    func run() throws {
        try CommandRunner.run {
            let folder = output == "-" ? nil : try OutputFolder(output)
            let options = WorkoutReader.Options(
                window: window.window, activities: activitySelection, routes: format != .json,
                highestInYear: format == .json && maxHeartRate == nil)
            let standardOutput = StandardOutput()
            var lines = JSONBuffer(capacity: 1 << 16)
            var written = 0
            var jsonl: (handle: FileHandle, path: String)?
            func flushLines() throws {
                if format == .json, let folder {
                    let file = try jsonl ?? Self.createLines(in: folder)
                    jsonl = file
                    do {
                        try file.handle.write(contentsOf: Data(lines.bytes))
                    } catch {
                        throw CommandFailure(SystemCall.describe(error, action: "cannot write \(file.path)"))
                    }
                    lines.removeAll()
                } else {
                    standardOutput.buffer.raw(lines.text)
                    lines.removeAll()
                    try standardOutput.flush()
                }
            }
            let read: ((WorkoutTrack, WorkoutReader.Context) throws -> Void) throws -> (Int, String) = { body in
                if let db { return try readStore(db, options: options, body) }
                return try readExport(path!, options: options, body)
            }
            let (workouts, source) = try read { track, context in
                try Interrupt.check()
                switch format {
                case .gpx:
                    if let document = GPXWriter.document(track) {
                        try folder!.write(document, stem: WorkoutFileName.stem(track.workout), extension: "gpx")
                        written += 1
                    }
                case .tcx:
                    try folder!.write(
                        TCXWriter.document(track), stem: WorkoutFileName.stem(track.workout), extension: "tcx")
                    written += 1
                case .json:
                    WorkoutJSON.write(track, maximum: maximum(for: track, context), files: [], to: &lines)
                    written += 1
                    if lines.count >= 1 << 15 { try flushLines() }
                }
            }
            if format == .json { try flushLines() }
            try jsonl?.handle.close()
            try folder?.create()
            guard !quiet else { return }
            let what =
                switch format {
                case .gpx: "\(written) GPX file\(written == 1 ? "" : "s") (workouts with a route)"
                case .tcx: "\(written) TCX file\(written == 1 ? "" : "s")"
                case .json: "\(written) JSON line\(written == 1 ? "" : "s")"
                }
            let destination = output == "-" ? "standard output" : output
            Diagnostics.print(
                "healthimport: \(workouts) workout\(workouts == 1 ? "" : "s") (\(window.window)): "
                    + "\(what) to \(destination), \(source)")
        }
    }

    /// Creates `workouts.jsonl` in `folder` (and the folder, when missing), empty.
    private static func createLines(in folder: OutputFolder) throws -> (handle: FileHandle, path: String) {
        try folder.create()
        let path = folder.path + "/workouts.jsonl"
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CommandFailure("cannot write \(path)") }
        return (handle, path)
    }

    /// Reads an export's workouts; the number read and what was read, for the tally.
    private func readExport(
        _ path: String, options: WorkoutReader.Options, _ body: (WorkoutTrack, WorkoutReader.Context) throws -> Void
    ) throws -> (Int, String) {
        let package = try ExportPackage.open(path)
        let summary = try WorkoutReader(package: package, options: options).read(body)
        if !quiet {
            for warning in summary.warnings.prefix(Self.warningLimit) { Diagnostics.print(warning) }
            let more = summary.warnings.count - min(summary.warnings.count, Self.warningLimit) + summary.warningsNotKept
            if more > 0 {
                Diagnostics.print("\(package.displayName): warning: \(more) more warnings not shown")
            }
        }
        return (summary.workouts, "\(summary.passes) passes over \(package.displayName)")
    }

    /// Reads an SQLite store's workouts; the number read and what was read, for the tally.
    private func readStore(
        _ location: String, options: WorkoutReader.Options, _ body: (WorkoutTrack, WorkoutReader.Context) throws -> Void
    ) throws -> (Int, String) {
        if StoreOptions.isPostgres(location) { return try readPostgres(location, options: options, body) }
        let summary = try StoreWorkoutReader(reader: try StoreReader(path: location), options: options).read(body)
        return (summary.workouts, "from \(location)")
    }

    /// Reads a person's workouts of a PostgreSQL store, one at a time; the number read and what was read.
    private func readPostgres(
        _ url: String, options: WorkoutReader.Options, _ body: (WorkoutTrack, WorkoutReader.Context) throws -> Void
    ) throws -> (Int, String) {
        #if PostgreSQL
        let person = person ?? StoreOptions.defaultPerson
        let store = try PostgresStore.open(url: url, person: person, announceMigrations: StoreOpener.announce)
        defer { store.closeWaiting() }
        try store.requireKnownPerson()
        let reader = PostgresWorkoutReader(store: store, options: options)
        let plan = try AsyncWait.run { try await reader.plan() }
        for planned in plan.workouts {
            let track = try AsyncWait.run { try await reader.track(of: planned) }
            try body(track, plan.context)
        }
        return (plan.workouts.count, "from \(store.location)")
        #else
        throw PostgresSupport.missing
        #endif
    }

    /// The maximum heart rate for `track`'s computed zones: the option, else from the date of
    /// birth, else the year's highest sample.
    private func maximum(for track: WorkoutTrack, _ context: WorkoutReader.Context) -> MaximumHeartRate? {
        if let maxHeartRate { return MaximumHeartRate(beatsPerMinute: maxHeartRate, basis: .given) }
        if let birth = MaximumHeartRate.dateOfBirth(context.facts),
            let fromAge = MaximumHeartRate.fromAge(birth: birth, on: track.workout.header.startDate.localDay)
        {
            return fromAge
        }
        return context.highestHeartRateInYear.map { MaximumHeartRate(beatsPerMinute: $0, basis: .highestInYear) }
    }
}
