/// The version of healthimport, shared by its command line and the servers it announces itself in.
public enum HealthImportVersion {
    /// This release's version.
    public static let current = "0.1.0"
}
