/// An export found in the watched folder: a zip, an export folder, or a bare XML file.
public struct WatchedExport: Sendable, Hashable, CustomStringConvertible {
    /// What shape the export has.
    public enum Kind: String, Sendable {
        /// An `export.zip` (any name ending in `.zip`).
        case zip
        /// A folder holding the export's XML (and its routes and ECGs).
        case folder
        /// A bare XML file directly in the watched folder.
        case xml
    }

    /// The path to hand to the importer.
    public var path: String
    /// What shape the export has.
    public var kind: Kind

    /// Creates an export.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String { path }
}

/// What the watcher does with an export after handing it over.
public enum WatchDecision: Sendable, Equatable {
    /// Handled (imported, recognised, or failed for good): not again until it changes.
    case done
    /// Try again after so many seconds (the store was locked).
    case retry(after: Double)
}
