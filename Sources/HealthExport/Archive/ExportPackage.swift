#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An export as people get it: `export.zip`, the unzipped `apple_health_export/` folder (or the
/// folder above it), a bare `export.xml`, or any of these on standard input (`-`).
///
/// The export's XML is found by content (a `HealthData` document, see ``ExportLocator``), never
/// by name, so localized names (`exportar.xml`, `导出.xml`) work and `export_cda.xml` is never taken.
/// Zip members are inflated as they are read; nothing is extracted to disk. A zip on standard
/// input is first copied to an unlinked temporary file, which the system frees when it is closed.
///
/// Records flow as from ``ExportReader``, with the sidecar files added: a workout's GPX routes
/// right after the workout, as `.route`, and the `electrocardiograms/*.csv` at the end, as
/// `.electrocardiogram`. A missing or unreadable sidecar is a warning in the ``ReadReport``.
///
/// ```swift
/// let package = try ExportPackage.open("export.zip")
/// let report = try package.read { record in print(record.kind) }
/// ```
public final class ExportPackage {
    /// Where the sidecar files live.
    enum Container {
        /// A folder on disk: the one that holds the XML.
        case folder(String)
        /// A zip archive, with the member-name prefix of the XML's folder (`apple_health_export/`, or empty).
        case zip(ZipArchive, String)
        /// XML on standard input: no sidecars can be found.
        case none
    }

    /// What the user named: the path, or `<stdin>`.
    public let displayName: String
    /// The export's XML: a path, or `archive:member` for a zip member.
    public let exportName: String
    /// Notes about the choice made, for the caller to print (e.g. several exports in one folder).
    public private(set) var notes: [String] = []

    let container: Container
    private var pendingSource: ByteSource?
    private let sourceFactory: () throws(ExportError) -> ByteSource

    private init(
        displayName: String, exportName: String, container: Container, first: ByteSource?,
        factory: @escaping () throws(ExportError) -> ByteSource
    ) {
        self.displayName = displayName
        self.exportName = exportName
        self.container = container
        pendingSource = first
        sourceFactory = factory
    }

    // MARK: Opening

    /// Opens what a user names as PATH: a zip, a folder, an XML file, or `-` for standard input.
    ///
    /// Throws ``ExportError`` naming the path when it is missing or unreadable (`.unreadable`),
    /// neither zip nor XML or a folder without an export (`.notAnExport`), or a zip that is
    /// damaged, encrypted, truncated or holds no export (`.badArchive`).
    public static func open(_ path: String) throws(ExportError) -> ExportPackage {
        if path == "-" { return try openStandardInput() }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ExportError(.unreadable, SystemCall.describe(errno: errno, action: "cannot open"), path: path)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return try openFolder(path) }
        let probe = try FileByteSource(path: path)
        let prefix = try ExportLocator.prefix(of: probe)
        switch ExportLocator.classify(prefix) {
        case .zip:
            return try openZip(ZipArchive(path: path), displayName: path)
        case .healthExport:
            return ExportPackage(
                displayName: path, exportName: path, container: .folder(Paths.folder(of: path)),
                first: PrefixedByteSource(prefix: prefix, upstream: probe),
                factory: { () throws(ExportError) -> ByteSource in try FileByteSource(path: path) })
        case .otherXML(let root):
            throw notAnExport(root: root, path: path)
        case .unknown:
            throw ExportError(
                .notAnExport,
                prefix.isEmpty ? "the file is empty, not a Health export" : "neither a zip archive nor an XML file",
                path: path)
        }
    }

    /// Opens an export arriving on `descriptor` (an upload), which the package takes over: a
    /// regular file that holds a zip is read at any offset; anything else (a pipe) as a stream
    /// read once, as standard input is. `displayName` names it in messages.
    public static func open(adopting descriptor: Int32, displayName: String) throws(ExportError) -> ExportPackage {
        var info = stat()
        var magic: [UInt8] = [0, 0]
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            pread(descriptor, &magic, 2, 0) == 2, magic == [0x50, 0x4B]
        {
            return try openZip(
                ZipArchive(file: ArchiveFile(adopting: descriptor, displayName: displayName)), displayName: displayName)
        }
        return try open(stream: FileByteSource(adopting: descriptor, displayName: displayName))
    }

    private static func openStandardInput() throws(ExportError) -> ExportPackage {
        try open(stream: FileByteSource(path: "-"))
    }

    /// Opens an export arriving as a stream that can be read once (standard input): XML is
    /// read as it comes; a zip is copied to an unlinked temporary file first.
    static func open(stream input: ByteSource) throws(ExportError) -> ExportPackage {
        let prefix = try ExportLocator.prefix(of: input)
        switch ExportLocator.classify(prefix) {
        case .zip:
            let file = try StandardInputSpool.spool(prefix: prefix, rest: input)
            return try openZip(ZipArchive(file: file), displayName: input.displayName)
        case .healthExport:
            let source = PrefixedByteSource(prefix: prefix, upstream: input)
            let name = input.displayName
            return ExportPackage(
                displayName: name, exportName: name, container: .none, first: source,
                factory: { () throws(ExportError) -> ByteSource in
                    throw ExportError(.unreadable, "standard input can be read only once", path: name)
                })
        case .otherXML(let root):
            throw notAnExport(root: root, path: input.displayName)
        case .unknown:
            throw ExportError(
                .notAnExport,
                prefix.isEmpty ? "the input is empty, not a Health export" : "neither a zip archive nor an XML file",
                path: input.displayName)
        }
    }

    private static func notAnExport(root: String?, path: String) -> ExportError {
        if root == "ClinicalDocument" {
            return ExportError(
                .notAnExport,
                "this is export_cda.xml (clinical documents), not the Health export; pass export.xml, the zip or its folder",
                path: path)
        }
        return ExportError(
            .notAnExport, "not a Health export: the root element is \(root.map { "<\($0)>" } ?? "not <HealthData>")",
            path: path)
    }

    private static func openFolder(_ path: String) throws(ExportError) -> ExportPackage {
        // The export folder itself, then the folder above it (apple_health_export/ first).
        var folders = [path]
        let subfolders = try Paths.list(path).filter { Paths.isFolder(Paths.join(path, $0)) }
        folders += subfolders.filter { $0 == "apple_health_export" }.map { Paths.join(path, $0) }
        folders += subfolders.filter { $0 != "apple_health_export" }.map { Paths.join(path, $0) }
        for folder in folders {
            let names = (try? Paths.list(folder)) ?? []
            var found: [String] = []
            for name in names where name.lowercased().hasSuffix(".xml") && !name.hasPrefix("._") {
                let file = Paths.join(folder, name)
                guard Paths.isFile(file), let source = try? FileByteSource(path: file),
                    let prefix = try? ExportLocator.prefix(of: source), ExportLocator.isHealthExport(prefix)
                else { continue }
                found.append(file)
            }
            guard let chosen = found.first else { continue }
            let package = ExportPackage(
                displayName: path, exportName: chosen, container: .folder(folder), first: nil,
                factory: { () throws(ExportError) -> ByteSource in try FileByteSource(path: chosen) })
            if found.count > 1 {
                package.notes.append(
                    "\(path): warning: \(found.count) exports in \(folder); reading \(chosen)")
            }
            return package
        }
        throw ExportError(
            .notAnExport,
            "no Apple Health export in this folder: no XML file here or in apple_health_export/ has a <HealthData> root",
            path: path)
    }

    private static func openZip(_ archive: ZipArchive, displayName: String) throws(ExportError) -> ExportPackage {
        let candidates = archive.entries.enumerated().filter { _, entry in
            !entry.isDirectory && entry.name.lowercased().hasSuffix(".xml") && !entry.name.hasPrefix("__MACOSX/")
                && !Paths.lastComponent(entry.name).hasPrefix("._")
        }.sorted { left, right in
            let (l, r) = (ZipPaths.rank(left.element.name), ZipPaths.rank(right.element.name))
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
        var firstError: ExportError?
        for entry in candidates {
            do {
                let source = try archive.source(for: entry)
                let prefix = try ExportLocator.prefix(of: source)
                guard ExportLocator.isHealthExport(prefix) else { continue }
                return ExportPackage(
                    displayName: displayName, exportName: source.displayName,
                    container: .zip(archive, ZipPaths.folder(of: entry.name)),
                    first: PrefixedByteSource(prefix: prefix, upstream: source),
                    factory: { () throws(ExportError) -> ByteSource in try archive.source(for: entry) })
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        throw ExportError(
            .badArchive,
            "the zip archive holds no Apple Health export: none of its XML files has a <HealthData> root"
                + (candidates.isEmpty ? " (it has no XML file at all)" : ""),
            path: displayName)
    }

    // MARK: Reading

    /// A reader over the export's XML that also yields the sidecar records (routes, ECGs).
    ///
    /// Each call starts a fresh read, except for standard input, which can be read once.
    public func makeReader() throws(ExportError) -> PackageReader {
        PackageReader(xml: ExportReader(source: try openXML()), package: self)
    }

    /// The export's XML as its bytes, unparsed (for tools that rewrite it).
    ///
    /// Each call starts from the first byte, except for standard input, which can be read once.
    public func openXML() throws(ExportError) -> ByteSource {
        if let pendingSource {
            self.pendingSource = nil
            return pendingSource
        }
        return try sourceFactory()
    }

    /// Reads the whole export: the XML's records, each workout's routes right after it, then the ECGs.
    public func read(_ body: @escaping (HealthRecord) throws -> Void) throws -> ReadReport {
        try makeReader().read(body)
    }

    /// A sidecar file by the path the export gives it (`/workout-routes/route_….gpx`, with or
    /// without the leading slash, relative to the export's folder); `nil` when it is not there.
    public func openSidecar(path: String) throws(ExportError) -> ByteSource? {
        guard let relative = Paths.relative(path) else { return nil }
        switch container {
        case .folder(let folder):
            let file = Paths.join(folder, relative)
            return Paths.isFile(file) ? try FileByteSource(path: file) : nil
        case .zip(let archive, let root):
            let name = root + relative
            if let entry = archive.entry(named: name) { return try archive.source(for: entry) }
            let lowered = name.lowercased()
            if let entry = archive.entries.first(where: { $0.name.lowercased() == lowered }) {
                return try archive.source(for: entry)
            }
            return nil
        case .none:
            return nil
        }
    }

    /// Whether sidecar files can be looked up at all (not for XML on standard input).
    public var hasSidecars: Bool {
        if case .none = container { return false }
        return true
    }

    /// The ECG recordings' paths relative to the export's folder (`electrocardiograms/ecg_….csv`), sorted.
    public var electrocardiogramPaths: [String] {
        sidecarPaths(in: "electrocardiograms", suffix: ".csv")
    }

    /// The route files' paths relative to the export's folder (`workout-routes/route_….gpx`), sorted.
    public var routePaths: [String] {
        sidecarPaths(in: "workout-routes", suffix: ".gpx")
    }

    /// The files directly in the export's subfolder `subfolder` whose names end in `suffix`, sorted.
    private func sidecarPaths(in subfolder: String, suffix: String) -> [String] {
        let folderName = subfolder + "/"
        switch container {
        case .folder(let folder):
            let names = (try? Paths.list(Paths.join(folder, subfolder))) ?? []
            return names.filter { $0.lowercased().hasSuffix(suffix) && !$0.hasPrefix("._") }.sorted().map {
                folderName + $0
            }
        case .zip(let archive, let root):
            let prefix = root + folderName
            return archive.entries.compactMap { entry -> String? in
                guard entry.name.hasPrefix(prefix), entry.name.lowercased().hasSuffix(suffix) else { return nil }
                let rest = entry.name.dropFirst(prefix.count)
                guard !rest.contains("/"), !rest.hasPrefix("._") else { return nil }
                return folderName + rest
            }.sorted()
        case .none:
            return []
        }
    }
}
