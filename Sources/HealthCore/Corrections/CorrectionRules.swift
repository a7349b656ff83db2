import HealthExport

/// Which records a later export may correct, and how a sync version decides between two records.
///
/// Most records cannot change without changing their ID: a sample's name holds its type,
/// source, times and creation instant, so the anchor alone says it was imported before and no
/// look-up is needed. The records below have content their ID leaves out; a run re-reads them
/// and the store compares.
public enum CorrectionRules {
    /// Whether `record`'s content can change while its ID stays: activity summaries (the day is
    /// the ID; the export day's summary is partial), workouts (totals, statistics, events, zones
    /// and routes are not in the name), the export's `Me` profile (one per store, see
    /// ``RecordIdentity/profileID``), and quantity or weight samples without a creation date
    /// (their value is left out of the name).
    public static func mayChange(_ record: HealthRecord) -> Bool {
        switch record {
        case .activitySummary, .workout, .export: true
        case .quantity(let sample): sample.header.creationDate == nil
        case .weight(let sample): sample.header.creationDate == nil
        default: false
        }
    }

    /// What a record with a sync identifier does to the store, which holds `stored` (the ID and
    /// version of the current record with the same source and identifier) or nothing.
    public static func sync(incoming id: RecordID, version: Double, stored: (id: RecordID, version: Double)?)
        -> SyncDecision
    {
        guard let stored else { return .insert }
        if stored.id == id { return version > stored.version ? .sameRecordNewerVersion : .sameRecord }
        // The highest version is current; of two records with one version, the newer export's.
        return version >= stored.version ? .replace(stored.id) : .keepStored
    }

    /// The fate of a record with a sync identifier.
    public enum SyncDecision: Sendable, Equatable {
        /// The first record with this identifier: store it as new.
        case insert
        /// The very record stored, same version: already imported.
        case sameRecord
        /// The very record stored, with a higher version: update it in place.
        case sameRecordNewerVersion
        /// A higher version of the stored record with this ID: store it, mark that one replaced (updated).
        case replace(RecordID)
        /// An older version than the stored one: leave the store as it is (already imported).
        case keepStored
    }

    /// Whether a completed run that read no record of `type` read it completely. Routes and ECGs
    /// come from files beside `export.xml`: a run over a bare `export.xml` has none, which says
    /// nothing of the phone, so their absence deletes nothing.
    public static func readsCompletely(type: String, sawAny: Bool) -> Bool {
        sawAny || (type != RouteTrack.typeIdentifier && type != Electrocardiogram.typeIdentifier)
    }

    /// The share of a type's stored records in a run's range above which deletions are refused…
    public static let deletionShare = 0.10
    /// …when they are also more than this many.
    public static let deletionMinimum = 100

    /// Whether marking `deletions` of `stored` current records of a type is plausible for a newer
    /// export of the same phone: at most 10 % of them, or at most 100.
    public static func deletionsPlausible(_ deletions: Int, of stored: Int) -> Bool {
        deletions <= deletionMinimum || Double(deletions) <= Double(stored) * deletionShare
    }
}
