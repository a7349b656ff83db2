/// An error a user can cause or meet: a missing file, something that is not an export, malformed XML.
///
/// Its ``description`` reads `PATH:LINE:COLUMN: error: message`, the form editors and CI logs link.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that branch on it.
    public enum Code: String, Sendable {
        /// The path is missing, a folder, or cannot be read.
        case unreadable
        /// The input is not a Health export (no `HealthData` root).
        case notAnExport
        /// The XML is not well formed and could not be recovered.
        case malformed
        /// The input ended before the export did.
        case truncated
        /// A zip archive is damaged, encrypted or holds no export.
        case badArchive
        /// A limit that protects memory was exceeded.
        case tooLarge
        /// The reader was stopped from outside (Ctrl-C).
        case cancelled
    }

    /// What went wrong.
    public var code: Code
    /// A sentence a user can act on.
    public var message: String
    /// The file the error is about.
    public var path: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        var location = path ?? "healthimport"
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }
}
