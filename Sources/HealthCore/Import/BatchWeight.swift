import HealthExport

extension HealthRecord {
    /// About how many values a record holds beside its own row: beats of a heart-rate
    /// variability sample, route points, ECG voltages, workout parts. The importer cuts its
    /// batches by this as well as by count, so that a run of such records (an export lists a
    /// type's records together) does not fill the writer's queue with batches of megabytes.
    public var batchWeight: Int {
        switch self {
        case .quantity(let sample): 1 + sample.beats.count
        case .route(let route): 1 + route.points.count
        case .electrocardiogram(let ecg): 1 + ecg.samples.count / 8
        case .workout(let workout):
            1 + workout.events.count + workout.statistics.count + workout.activities.count
                + workout.routes.reduce(0) { $0 + $1.locations.count }
        case .correlation(let correlation): 1 + correlation.members.count
        case .audiogram(let audiogram): 1 + audiogram.points.count
        default: 1
        }
    }
}
