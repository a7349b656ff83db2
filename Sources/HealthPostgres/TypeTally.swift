#if PostgreSQL
/// Counts by type for records that come in runs of one type, as an export's do: one dictionary
/// update per run instead of one per record.
struct TypeTally {
    private var type: String?
    private var count = 0

    /// Counts one record of `type`, moving the previous run's count into `counts` when the type changes.
    mutating func count(_ type: String, into counts: inout [String: Int]) {
        if type != self.type {
            finish(into: &counts)
            self.type = type
        }
        count += 1
    }

    /// Moves the current run's count into `counts`.
    mutating func finish(into counts: inout [String: Int]) {
        if let type, count > 0 { counts[type, default: 0] += count }
        count = 0
    }
}
#endif
