import HealthExport

/// Opens what a user names as PATH.
enum ExportInput {
    /// A reader for `path`: `export.zip`, the `apple_health_export` folder or the one above it,
    /// an `export.xml` file, or `-` for standard input (XML or zip). The reader also yields the
    /// export's sidecars: workout routes after their workouts, ECG recordings at the end.
    static func open(_ path: String) throws -> any RecordSource {
        try ExportPackage.open(path).makeReader()
    }
}
