/// The final counts of an import: the stream's, with what the store found applied.
public enum ImportCounts {
    /// `counts` (the stream's, repeats already counted as such) with `outcome` applied. The
    /// store sees a repeat the run took as new as a record it already had: those are taken out
    /// of ``StoreOutcome/alreadyStored`` first (or, when the repeat changed the record, out of
    /// ``StoreOutcome/updated``), so each element is counted once.
    public static func final(
        _ counts: [String: TypeCounts], outcome: StoreOutcome, repeats: [String: RunSightings.RepeatCount]
    ) -> [String: TypeCounts] {
        var outcome = outcome
        for (type, count) in repeats where count.takenAsNew > 0 {
            let fromAlready = min(count.takenAsNew, outcome.alreadyStored[type] ?? 0)
            outcome.alreadyStored[type, default: 0] -= fromAlready
            outcome.updated[type, default: 0] -= min(count.takenAsNew - fromAlready, outcome.updated[type] ?? 0)
        }
        return TypeCounts.applying(outcome, to: counts)
    }
}
