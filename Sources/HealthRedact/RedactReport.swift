/// What a redaction wrote and left out.
public struct RedactReport: Sendable {
    /// The shift every date moved by, in days.
    public var shiftDays = 0
    /// Top-level elements written (records, workouts, summaries, …), the profile included.
    public var elementsWritten = 0
    /// Top-level elements left out by `--type` or the window.
    public var elementsNotSelected = 0
    /// `ClinicalRecord` elements left out.
    public var clinicalRecordsLeftOut = 0
    /// Whether the export had an `export_cda.xml`, which is left out.
    public var hadClinicalDocument = false
    /// Comments and processing instructions after the prolog, left out.
    public var commentsLeftOut = 0
    /// Route files written, and route points dropped at their ends.
    public var routeFiles = 0
    public var routePointsDropped = 0
    /// Inline routes' points dropped at their ends (old exports).
    public var inlinePointsDropped = 0
    /// ECG files written.
    public var electrocardiograms = 0
    /// Distinct source names replaced.
    public var sources = 0
    /// Warnings for the user (a route file missing, an ECG not readable).
    public var warnings: [String] = []
}
