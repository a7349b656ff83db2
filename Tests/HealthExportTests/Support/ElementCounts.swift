import HealthExport
import HealthFixtures

/// Counts of export elements, recomputed from the records a read yielded, to compare with
/// counts other tools took from the XML.
struct ElementCounts: Equatable, CustomStringConvertible {
    var record = 0
    var nestedRecord = 0
    var correlation = 0
    var workout = 0
    var workoutActivity = 0
    var workoutEvent = 0
    var workoutStatistics = 0
    var workoutRoute = 0
    var location = 0
    var fileReference = 0
    var activitySummary = 0
    var clinicalRecord = 0
    var audiogram = 0
    var visionPrescription = 0
    var beats = 0
    var recordsByType: [String: Int] = [:]

    init(_ records: [HealthRecord]) {
        for record in records {
            switch record {
            case .quantity(let sample):
                self.record += 1
                beats += sample.beats.count
                recordsByType[sample.header.type, default: 0] += 1
            case .weight, .category:
                self.record += 1
                recordsByType[record.type, default: 0] += 1
            case .correlation(let correlation):
                self.correlation += 1
                nestedRecord += correlation.members.count
            case .workout(let workout):
                self.workout += 1
                workoutActivity += workout.activities.count
                workoutEvent += workout.events.count + workout.activities.reduce(0) { $0 + $1.events.count }
                workoutStatistics +=
                    workout.statistics.count + workout.activities.reduce(0) { $0 + $1.statistics.count }
                workoutRoute += workout.routes.count
                location += workout.routes.reduce(0) { $0 + $1.locations.count }
                fileReference += workout.routes.reduce(0) { $0 + $1.filePaths.count }
            case .activitySummary: activitySummary += 1
            case .clinical: clinicalRecord += 1
            case .audiogram: audiogram += 1
            case .visionPrescription: visionPrescription += 1
            case .export, .route, .electrocardiogram: break
            }
        }
    }

    var description: String {
        "records \(record) (+\(nestedRecord) nested), correlations \(correlation), workouts \(workout), activities \(workoutActivity), events \(workoutEvent), statistics \(workoutStatistics), routes \(workoutRoute), locations \(location), files \(fileReference), summaries \(activitySummary), clinical \(clinicalRecord), audiograms \(audiogram), prescriptions \(visionPrescription), beats \(beats)"
    }
}
