import HealthExport

/// Which records whose content can change under one ID (``CorrectionRules/mayChange(_:)``) were
/// seen before in this run, so that a repeat never corrects the first's content: an export that
/// lists one activity summary day twice, with two contents, would otherwise have its second
/// copy correct the first on every later import, counted `updated` each time.
///
/// The records it tracks are few (a summary a day, the workouts, the profile) or, for samples
/// without a creation date, listed in time order, so repeats are near each other: the set
/// forgets everything when it reaches ``capacity``, which keeps memory bounded.
struct ChangeableRepeats {
    static let capacity = 1 << 16
    private var seen = Set<RecordID>()

    /// Whether `id` was seen before (and notes it when not).
    mutating func isRepeat(_ id: RecordID) -> Bool {
        if seen.count == Self.capacity { seen.removeAll(keepingCapacity: true) }
        return !seen.insert(id).inserted
    }
}
