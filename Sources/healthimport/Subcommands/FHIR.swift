import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthFHIR
import HealthJSON
import HealthQuery

/// `healthimport fhir PATH|--db DB -o OUT.ndjson`: an export, or the store, as FHIR R4
/// resources, Bulk Data NDJSON.
struct FHIR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir",
        abstract: "Write the export as FHIR R4 resources, one a line (Bulk Data NDJSON).",
        discussion: """
            A Patient from the export's profile, then an Observation per sample (LOINC codes and \
            UCUM units for vital signs, steps and glucose; HealthKit codes for other types), ECGs \
            with their voltages, and the export's clinical records as they are. The whole export \
            unless --since, --days or --type cut it. With --db instead of PATH, the store's current \
            samples and ECGs (clinical records' files are not in the store). See docs/fhir.md.
            """
    )

    @Argument(
        help:
            "The export: export.zip, the apple_health_export folder (or the folder above it), export.xml, or - for standard input."
    )
    var path: String?

    @Option(help: ArgumentHelp("Read this SQLite store instead of an export.", valueName: "path"))
    var db: String?

    @Flag(name: .shortAndLong, help: "Print no progress or warnings on standard error.")
    var quiet = false

    @OptionGroup var selection: SelectionOptions

    @Option(
        help: ArgumentHelp(
            "Whose records: the Patient's ID is derived from this name, so that several people's files can go to one FHIR server (default: the same ID for every export).",
            valueName: "name"))
    var patient: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The NDJSON file to write (written whole or not at all), or - for standard output.",
            valueName: "OUT.ndjson"))
    var output: String

    func validate() throws {
        if (path == nil) == (db == nil) { throw ValidationError("Give either PATH (an export) or --db (a store).") }
        if let patient, patient.isEmpty { throw ValidationError("--patient needs a name.") }
        if output != "-", output == path || output == db {
            throw ValidationError("-o must name a new file, not the \(path != nil ? "export" : "store") itself.")
        }
        if let db, StoreOptions.isPostgres(db) {
            throw ValidationError("fhir reads SQLite stores only, not PostgreSQL (see docs/schema-postgres.md).")
        }
    }

    func run() throws {
        try CommandRunner.run {
            if let db { return try writeStore(db) }
            try writeExport(path ?? "-")
        }
    }

    /// A writer whose Patient is the one `--patient` names, or the profile's.
    private func makeWriter() -> FHIRWriter {
        guard let patient else { return FHIRWriter() }
        // One spelling of a name, however it was typed (José composed or not).
        return FHIRWriter(person: patient.precomposedStringWithCanonicalMapping)
    }

    /// The store's records as FHIR.
    private func writeStore(_ db: String) throws {
        try InputGuard.refuse(output: output, overwriting: [db, db + "-wal"], what: "store")
        let stored = StoredRecords(reader: try StoreReader(path: db))
        let facts = try stored.facts()
        let window = selection.windowGiven ? selection.window : .all
        let start = window.start(exportDate: facts?.exportDate, now: .now)
        let file = try OutputFile(path: output)
        var writer = makeWriter()
        do {
            writer.writePatient(facts, to: &file.output.buffer)
            try stored.read(selection: try selection.selection(), from: start) { item in
                try Interrupt.check()
                writer.write(item, to: &file.output.buffer)
                try file.output.flushIfFull()
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        if !quiet { Diagnostics.print("healthimport: \(writer.resourceCount) FHIR resources from \(db)") }
    }

    /// The export's records as FHIR.
    private func writeExport(_ path: String) throws {
        let package = try ExportPackage.open(path)
        try InputGuard.refuse(output: output, overwriting: [path, package.exportName], what: "export")
        let reader = try package.makeReader()
        let window = selection.windowGiven ? selection.window : .all
        let policy = FactsKeepingPolicy(WindowPolicy(window: window))
        let stream = RecordStream(reader: reader, selection: try selection.selection(), policy: policy)
        let file = try OutputFile(path: output)
        let out = file.output
        let progress = Progress(quiet: quiet, totalBytes: reader.expectedByteCount)
        var writer = makeWriter()
        var patientWritten = false
        var clinical = ClinicalCounts()
        var repeats = RecentRepeats()
        let report: StreamReport
        do {
            report = try stream.run { item in
                try Interrupt.check()
                if !patientWritten {
                    writer.writePatient(policy.facts, to: &out.buffer)
                    patientWritten = true
                }
                if case .clinical(let record) = item.record {
                    try Self.passOn(record, from: package, to: out, counts: &clinical)
                } else if repeats.isRepeat(item) {
                    // A record listed again (with other content at times) keeps its first resource, as the
                    // store keeps its first row: one resource per id.
                } else {
                    writer.write(item, to: &out.buffer)
                }
                try out.flushIfFull()
                progress.tick(bytes: reader.bytesRead)
            }
            if !patientWritten { writer.writePatient(policy.facts, to: &out.buffer) }
            try file.commit()
        } catch {
            progress.finish()
            file.discard()
            throw error
        }
        progress.finish()
        guard !quiet else { return }
        RunReport.print(report, window: window, input: reader.displayName, types: selection.types)
        Diagnostics.print(
            "healthimport: \(writer.resourceCount + clinical.written) FHIR resources"
                + (clinical.written > 0 ? " (\(clinical.written) clinical records as exported)" : ""))
        let leftOut = writer.leftOut.sorted { $0.key.rawValue < $1.key.rawValue }
        if !leftOut.isEmpty {
            let list = leftOut.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
            Diagnostics.print("note: not written, FHIR output has no mapping for them yet: \(list)")
        }
        for problem in clinical.problems.prefix(5) {
            Diagnostics.print("warning: clinical record left out: \(problem)")
        }
        if clinical.problems.count > 5 {
            Diagnostics.print("warning: \(clinical.problems.count - 5) more clinical records left out")
        }
    }

    /// The clinical records written, and why others were not.
    struct ClinicalCounts {
        var written = 0
        var problems: [ClinicalResource.Problem] = []
    }

    /// Writes the export's FHIR file of `record` on one line, or notes why it cannot.
    static func passOn(
        _ record: ClinicalRecord, from package: ExportPackage, to out: StandardOutput, counts: inout ClinicalCounts
    ) throws {
        let path = record.resourceFilePath ?? ""
        guard !path.isEmpty, let source = try package.openSidecar(path: path) else {
            counts.problems.append(.missing(path.isEmpty ? record.identifier : path))
            return
        }
        guard let bytes = try ClinicalResource.read(source) else {
            counts.problems.append(.tooLarge(path))
            return
        }
        guard let line = ClinicalResource.line(bytes) else {
            counts.problems.append(.notAnObject(path))
            return
        }
        out.buffer.raw(String(decoding: line, as: UTF8.self))
        out.buffer.newline()
        counts.written += 1
    }
}
