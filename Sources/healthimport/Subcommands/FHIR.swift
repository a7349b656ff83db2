import ArgumentParser
import HealthCore
import HealthExport
import HealthFHIR
import HealthJSON

/// `healthimport fhir PATH -o OUT.ndjson`: the export as FHIR R4 resources, Bulk Data NDJSON.
struct FHIR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir",
        abstract: "Write the export as FHIR R4 resources, one a line (Bulk Data NDJSON).",
        discussion: """
            A Patient from the export's profile, then an Observation per sample (LOINC codes and \
            UCUM units for vital signs, steps and glucose; HealthKit codes for other types), ECGs \
            with their voltages, and the export's clinical records as they are. The whole export \
            unless --since, --days or --type cut it. See docs/fhir.md.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The NDJSON file to write (written whole or not at all), or - for standard output.",
            valueName: "OUT.ndjson"))
    var output: String

    func run() throws {
        try CommandRunner.run {
            let package = try ExportPackage.open(input.path)
            let reader = try package.makeReader()
            let window = selection.windowGiven ? selection.window : .all
            let policy = FactsKeepingPolicy(WindowPolicy(window: window))
            let stream = RecordStream(reader: reader, selection: try selection.selection(), policy: policy)
            let file = try OutputFile(path: output)
            let out = file.output
            let progress = Progress(quiet: input.quiet, totalBytes: reader.expectedByteCount)
            var writer = FHIRWriter()
            var patientWritten = false
            var clinical = ClinicalCounts()
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
            guard !input.quiet else { return }
            RunReport.print(report, window: window, input: reader.displayName)
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
