/// Something that yields an export's records in document order: the XML alone
/// (``ExportReader``), or the XML with the sidecar files of its package (``PackageReader``).
public protocol RecordSource: AnyObject {
    /// Decides, once per distinct type, which records to yield. Defaults to all.
    var plan: (RecordKind, String) -> TypePlan { get set }
    /// The name used in messages.
    var displayName: String { get }
    /// Bytes of the export read so far (for progress); safe to read from any thread.
    var bytesRead: Int64 { get }
    /// The export's size, when known up front.
    var expectedByteCount: Int64? { get }
    /// Whether ``read(_:)`` parses on threads of its own, leaving the thread that calls it
    /// little to do but hand records on. Defaults to `false`.
    var parsesOnOwnThreads: Bool { get }
    /// Reads the whole export, calling `body` for each record in document order.
    func read(_ body: @escaping (HealthRecord) throws -> Void) throws -> ReadReport
    /// Reads the export for an overview: plain records counted, not built (see
    /// ``ExportReader/readOverview(onChunk:_:)``).
    func readOverview(
        onChunk: @escaping () throws -> Void, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> (report: ReadReport, samples: SampleTallies)
}

extension RecordSource {
    public var parsesOnOwnThreads: Bool { false }
}

extension ExportReader: RecordSource {
    /// Whether the XML is read on two parsers, each on a thread of its own.
    public var parsesOnOwnThreads: Bool { parsers > 1 }
}
