import HealthExport

extension HealthRecord {
    /// About how much memory a record holds beside its own row, counted in heartbeats (a beat of
    /// a heart-rate variability sample takes 40 bytes): beats, route points, ECG voltages,
    /// workout parts. Readers and importers cut their batches by this as well as by count, so
    /// that a run of such records (an export lists a type's records together) does not fill a
    /// queue with batches of megabytes.
    public var batchWeight: Int {
        switch self {
        case .quantity(let sample): 1 + sample.beats.count
        case .route(let route): 1 + Self.pointWeight * route.points.count
        case .electrocardiogram(let ecg): 1 + ecg.samples.count / Self.voltagesPerBeat
        case .workout(let workout):
            1 + Self.partsWeight(workout.metadata, workout.events, workout.statistics)
                + workout.activities.reduce(0) {
                    $0 + Self.activityWeight + Self.partsWeight($1.metadata, $1.events, $1.statistics)
                }
                + workout.routes.reduce(0) { $0 + Self.pointWeight * $1.locations.count }
        case .correlation(let correlation): 1 + Self.memberWeight * correlation.members.count
        case .audiogram(let audiogram): 1 + Self.attributesWeight * audiogram.points.count
        default: 1
        }
    }

    /// A route point: 112 bytes.
    private static let pointWeight = 3

    /// An ECG's voltages: 8 bytes each, five to a beat.
    private static let voltagesPerBeat = 5

    /// A workout's activity itself (96 bytes), beside its parts.
    private static let activityWeight = 2

    /// An audiogram's point: a list of written attributes, each a name and a value.
    private static let attributesWeight = 8

    /// A correlation's member: a whole sample, with its header.
    private static let memberWeight = 6

    /// A workout's (or activity's) metadata, events and statistics: an entry or an event takes
    /// about three beats' memory with its strings, a statistic (128 bytes and its type) four.
    /// Weighed as one value each, batches of workouts at an export's end held far more memory
    /// than batches of samples.
    private static func partsWeight(
        _ metadata: [MetadataEntry], _ events: [WorkoutEvent], _ statistics: [WorkoutStatistics]
    ) -> Int {
        3 * metadata.count + 3 * events.count + 4 * statistics.count
    }
}
