/// Reads an export package: the XML's records through an ``ExportReader``, with the package's
/// sidecar files added: each workout's GPX routes right after it, and the
/// ECG recordings (`electrocardiograms/*.csv`) at the end. A missing or unreadable sidecar is a
/// warning in the report.
///
/// Made by ``ExportPackage/makeReader()``; the XML reader itself knows nothing of sidecars.
public final class PackageReader: RecordSource {
    /// The reader of the package's XML.
    public let xml: ExportReader
    private let sidecars: SidecarReader

    init(xml: ExportReader, package: ExportPackage) {
        self.xml = xml
        sidecars = SidecarReader(package: package)
    }

    public var plan: (RecordKind, String) -> TypePlan {
        get { xml.plan }
        set { xml.plan = newValue }
    }

    public var displayName: String { xml.displayName }
    public var bytesRead: Int64 { xml.bytesRead }
    public var expectedByteCount: Int64? { xml.expectedByteCount }
    public var parsesOnOwnThreads: Bool { xml.parsesOnOwnThreads }

    public func read(_ body: @escaping (HealthRecord) throws -> Void) throws -> ReadReport {
        try sidecars.read(with: xml, document: xml.readDocument, body)
    }

    public func readOverview(
        onChunk: @escaping () throws -> Void, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> (report: ReadReport, samples: SampleTallies) {
        var samples = SampleTallies()
        let xml = self.xml
        let report = try sidecars.read(
            with: xml,
            document: { plan, inner in
                let (report, tallies) = try xml.readOverviewDocument(plan: plan, onChunk: onChunk, inner)
                samples = tallies
                return report
            }, body)
        return (report, samples)
    }
}
