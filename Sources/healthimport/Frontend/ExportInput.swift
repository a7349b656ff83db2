import HealthExport

/// Opens what a user names as PATH.
enum ExportInput {
    /// A reader for `path`: an `export.xml` file, or `-` for standard input.
    static func open(_ path: String) throws -> ExportReader {
        try ExportReader(path: path)
    }
}
