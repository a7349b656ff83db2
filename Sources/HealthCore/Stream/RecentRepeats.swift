/// Tells an output file that writes an export's records as they stream by (Parquet, FHIR) which
/// ones it wrote already: a record the export lists again under the same ID (byte-identical
/// sleep intervals, a day's summary listed twice) is written once, its first listing, as a store
/// keeps it.
///
/// A store finds every repeat by its key; a file written in one pass remembers only the IDs of
/// the latest records, so that memory stays flat however long the export. Exports list a
/// repeat close to its first listing.
public struct RecentRepeats {
    private var seen = RecentValues(limit: RecentRepeats.remembered)

    /// An empty memory.
    public init() {}

    /// Whether `item` repeats a record handed over before: marked so by the stream
    /// (``IdentifiedRecord/isRepeat``), or its ID among the latest records'.
    public mutating func isRepeat(_ item: IdentifiedRecord) -> Bool {
        if item.isRepeat { return true }
        return seen.firstValue(for: item.id, remembering: 0) != nil
    }

    /// How many of the latest IDs are remembered.
    static let remembered = 65_536
}
