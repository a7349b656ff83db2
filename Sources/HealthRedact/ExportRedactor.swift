import HealthCore
import HealthExport

/// Writes a redacted copy of an export as a new `export.zip`: `apple_health_export/export.xml`,
/// the routes of the workouts kept in `workout-routes/`, the ECGs in `electrocardiograms/`.
///
/// Everything streams: the XML is rewritten token by token as it is read and deflated into the
/// zip as it is rewritten, so memory stays flat whatever the export's size. See `docs/redact.md`
/// for what is removed and what is kept.
///
/// ```swift
/// let options = RedactOptions(shift: RedactOptions.randomShift(), hash: .random())
/// let report = try ExportRedactor(options: options).redact(ExportPackage.open("export.zip"), to: "redacted.zip")
/// ```
public struct ExportRedactor {
    /// The folder every member sits in, as in the Health app's zips.
    static let folder = "apple_health_export/"

    private let options: RedactOptions
    /// Lowers the size from which zip64 records are written (tests).
    var zip64Threshold: UInt64 = 0xFFFF_FFFF

    /// A redactor with `options`.
    public init(options: RedactOptions) {
        self.options = options
    }

    /// Writes the redacted copy of `package` to `path`, calling `check` between two reads of the
    /// export and two of its files: what `check` throws (a stop the user asked for) ends the
    /// copy, and leaves no file at `path`.
    public func redact(_ package: ExportPackage, to path: String, check: () throws -> Void = {}) throws -> RedactReport
    {
        let names = Pseudonyms(shift: options.shift, hash: options.hash)
        let zip = try ZipWriter(path: path, zip64Threshold: zip64Threshold)

        let prolog = PrologRecorder(try package.openXML())
        let repaired = ExportRepair(prolog)
        try zip.begin(Self.folder + "export.xml")
        let rewriter = ExportRewriter(names: names, options: options, prolog: prolog) { try zip.write($0) }
        try MarkupScanner().run(repaired, rewriter, between: check)
        try rewriter.finish()
        try zip.end()
        var report = rewriter.report
        report.shiftDays = options.shift.days

        for path in rewriter.routePaths {
            try check()
            guard let relative = Self.relative(path) else { continue }
            guard let source = try package.openSidecar(path: path) else {
                report.warnings.append("\(package.displayName): warning: route file \(path) not found; left out")
                continue
            }
            try zip.begin(
                Self.folder + String(decoding: options.shift.applied(to: Array(relative.utf8)), as: UTF8.self))
            let routes = RouteRewriter(shift: options.shift) { try zip.write($0) }
            try MarkupScanner().run(source, routes, between: check)
            try routes.finish()
            try zip.end()
            report.routeFiles += 1
            report.routePointsDropped += routes.pointsDropped
        }

        if options.selection.selects(kind: .electrocardiogram, type: Electrocardiogram.typeIdentifier) {
            let start = rewriter.windowStart()
            for path in package.electrocardiogramPaths {
                try check()
                guard let source = try package.openSidecar(path: path) else { continue }
                let bytes = try ElectrocardiogramReader.readBytes(source)
                let (redacted, recorded) = ElectrocardiogramRedaction.redact(bytes, shift: options.shift)
                if let start, let recorded, recorded < start { continue }
                try zip.begin(
                    Self.folder + String(decoding: options.shift.applied(to: Array(path.utf8)), as: UTF8.self))
                try zip.write(redacted)
                try zip.end()
                report.electrocardiograms += 1
            }
        }
        report.hadClinicalDocument = (try? package.openSidecar(path: "export_cda.xml")) != nil
        report.sources = names.sourceCount
        try zip.finish()
        return report
    }

    /// `/workout-routes/route_….gpx` → `workout-routes/route_….gpx`; `nil` for a path that
    /// leaves the export's folder.
    static func relative(_ path: String) -> String? {
        var text = Substring(path)
        while text.hasPrefix("/") { text = text.dropFirst() }
        guard !text.isEmpty, !text.split(separator: "/").contains("..") else { return nil }
        return String(text)
    }
}
