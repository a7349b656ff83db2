import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthParquet
import HealthParquetStore
import HealthParquetTables
import HealthQuery

#if PostgreSQL
import HealthParquetPostgres
import HealthPostgres
#endif

/// `healthimport parquet PATH -o DIR` and `healthimport parquet --db DB -o DIR`: records as
/// Parquet files, one per table.
struct Parquet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parquet",
        abstract: "Write the export's (or a store's) records as Parquet files, one per table.",
        discussion: """
            quantity_samples.parquet, category_samples.parquet, weight_samples.parquet, workouts.parquet, \
            workout_activities.parquet, workout_events.parquet, workout_statistics.parquet, \
            route_points.parquet, correlations.parquet, activity_summaries.parquet, \
            electrocardiograms.parquet, heartbeats.parquet and metadata.parquet in DIR; from a store \
            (--db) also daily_statistics.parquet and sleep_nights.parquet, the figures of `stats`, \
            and its current rows only. A table without rows writes no file (and one left from an \
            earlier run is removed). zstd-compressed, instants as UTC timestamps beside their written \
            offsets. From an export, by default only the 30 days before the export's date; --all for \
            everything. See docs/parquet.md.
            """
    )

    @Argument(
        help:
            "The export: export.zip, the apple_health_export folder (or the folder above it), export.xml, or - for standard input."
    )
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

    @OptionGroup var selection: SelectionOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The folder to write the files into (created if missing).", valueName: "DIR"))
    var output: String

    @Flag(name: .shortAndLong, help: "Print no progress or tally on standard error.")
    var quiet = false

    func validate() throws {
        switch (path, db) {
        case (nil, nil): throw ValidationError("Give an export (PATH) or a store (--db).")
        case (.some, .some): throw ValidationError("Give an export (PATH) or a store (--db), not both.")
        case (nil, .some):
            if selection.windowGiven || !selection.types.isEmpty {
                throw ValidationError("--all, --days, --since and --type choose records of an export, not of --db.")
            }
        case (.some, nil):
            if person != nil { throw ValidationError("--person chooses whose data of a PostgreSQL store (--db).") }
        }
    }

    func run() throws {
        try CommandRunner.run {
            // The folder is made only once the export or store has opened: a mistyped path
            // leaves nothing behind.
            try ParquetFolder.check(output)
            let counts: [(file: String, rows: Int64)]
            switch (path, db) {
            case (_, let db?) where StoreOptions.isPostgres(db): counts = try writePostgres(db, folder: output)
            case (_, let db?): counts = try writeStore(db)
            case (let path?, nil): counts = try writeExport(path)
            case (nil, nil): throw ValidationError("Give an export (PATH) or a store (--db).")
            }
            ParquetFolder.removeStale(in: output, keeping: counts.map(\.file))
            if !quiet { ParquetFolder.printCounts(counts, folder: output) }
        }
    }

    private func writeExport(_ path: String) throws -> [(file: String, rows: Int64)] {
        let reader = try ExportInput.open(path)
        let stream = RecordStream(
            reader: reader, selection: try selection.selection(), policy: WindowPolicy(window: selection.window))
        let tables = ParquetTableSet(folder: try ParquetFolder.prepare(output))
        let writer = ParquetRecordWriter(tables: tables)
        let progress = Progress(quiet: quiet, totalBytes: reader.expectedByteCount)
        defer { progress.finish() }
        var repeats = RecentRepeats()
        let report: StreamReport
        do {
            report = try stream.run { record in
                try Interrupt.check()
                // A record listed again is written once, as the store keeps it.
                if !repeats.isRepeat(record) { try writer.write(record) }
                progress.tick(bytes: reader.bytesRead)
            }
            try tables.close()
        } catch {
            tables.discard()
            throw ParquetFolder.failure(error)
        }
        progress.finish()
        if !quiet {
            RunReport.print(report, window: selection.window, input: reader.displayName, types: selection.types)
        }
        return tables.rowCounts
    }

    private func writeStore(_ location: String) throws -> [(file: String, rows: Int64)] {
        try StoreOptions.requirePostgres(for: person, db: location)
        let export = StoreParquetExport(reader: try StoreReader(path: location))
        let tables = ParquetTableSet(folder: try ParquetFolder.prepare(output))
        do {
            // The table set is the waiting command's again once the wait ends.
            let handed = Handover(tables)
            try AsyncWait.run { try await export.write(into: handed.value) { try Interrupt.check() } }
            try tables.close()
        } catch {
            tables.discard()
            throw ParquetFolder.failure(error)
        }
        return tables.rowCounts
    }

    /// Writes a person's rows of a PostgreSQL store; the files' row counts.
    private func writePostgres(_ url: String, folder: String) throws -> [(file: String, rows: Int64)] {
        #if PostgreSQL
        let (url, person) = (try PostgresURL(url), person ?? StoreOptions.defaultPerson)
        // The table set lives and dies inside the wait: it belongs to the one task that writes it.
        return try AsyncWait.run {
            try await PostgresStore.withConnection(
                url: url, person: person, announceMigrations: StoreOpener.announce
            ) { store in
                try await store.requireKnownPerson()
                let tables = ParquetTableSet(folder: try ParquetFolder.prepare(folder))
                do {
                    try await PostgresParquetExport(store: store).write(into: tables) { try Interrupt.check() }
                    try tables.close()
                } catch {
                    tables.discard()
                    throw ParquetFolder.failure(error)
                }
                return tables.rowCounts
            }
        }
        #else
        throw PostgresSupport.missing
        #endif
    }
}
