import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthParquet
import HealthParquetTables

/// `healthimport parquet PATH -o DIR`: the export's records as Parquet files, one per table.
struct Parquet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parquet",
        abstract: "Write the export's records as Parquet files, one per table.",
        discussion: """
            quantity_samples.parquet, category_samples.parquet, weight_samples.parquet, workouts.parquet, \
            workout_activities.parquet, workout_events.parquet, workout_statistics.parquet, \
            route_points.parquet, correlations.parquet, activity_summaries.parquet, \
            electrocardiograms.parquet, heartbeats.parquet and metadata.parquet in DIR; a table \
            without rows writes no file (and one left from an earlier run is removed). zstd-compressed, \
            instants as UTC timestamps beside their written offsets. By default only the 30 days \
            before the export's date; --all for everything. See docs/parquet.md.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The folder to write the files into (created if missing).", valueName: "DIR"))
    var output: String

    func run() throws {
        try CommandRunner.run {
            let folder = try ParquetFolder.prepare(output)
            let reader = try ExportInput.open(input.path)
            let stream = RecordStream(
                reader: reader, selection: try selection.selection(), policy: WindowPolicy(window: selection.window))
            let tables = ParquetTableSet(folder: folder)
            let writer = ParquetRecordWriter(tables: tables)
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            defer { progress.finish() }
            let report: StreamReport
            do {
                report = try stream.run { record in
                    try Interrupt.check()
                    try writer.write(record)
                    progress.tick(bytes: reader.bytesRead)
                }
                try tables.close()
            } catch {
                tables.discard()
                throw ParquetFolder.failure(error)
            }
            progress.finish()
            ParquetFolder.removeStale(in: folder, keeping: tables.rowCounts.map(\.file))
            if !input.quiet {
                RunReport.print(report, window: selection.window, input: reader.displayName)
                ParquetFolder.printCounts(tables.rowCounts, folder: folder)
            }
        }
    }
}
