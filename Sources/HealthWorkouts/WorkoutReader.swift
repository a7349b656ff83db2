import HealthCore
import HealthExport

/// Reads the workouts of an export with the heart-rate and cadence samples of their own source,
/// in two or more passes whose memory does not grow with the export's size.
///
/// The first pass keeps only each selected workout's span (type, source, start, end). The
/// workouts are then cut into groups of at most ``Options/workoutSecondsPerPass`` seconds in
/// all, and one more pass per group keeps only the heart-rate and cadence samples that fall in
/// its workouts (from a minute before each start), then hands each of its workouts over with
/// them and its route as it reads it. Exports list samples before workouts, so a workout's
/// samples are all in hand when it arrives. What a pass holds is bounded by the group's
/// workout time, not by the export.
public final class WorkoutReader {
    /// What to read.
    public struct Options: Sendable {
        /// Which workouts, by start.
        public var window: ImportWindow
        /// Which activity types.
        public var activities: ActivitySelection
        /// Whether to read the route files.
        public var routes: Bool
        /// Whether to find the highest heart rate in the year before the export's date.
        public var highestInYear: Bool
        /// The workout time one pass covers at most (the samples it holds grow with it).
        public var workoutSecondsPerPass: Int64

        /// Workout time per pass by default: 500 hours, about 360,000 samples at a watch's
        /// workout rate of one every five seconds.
        public static let defaultWorkoutSecondsPerPass: Int64 = 500 * 3600

        /// Creates options.
        public init(
            window: ImportWindow, activities: ActivitySelection = .everything, routes: Bool = true,
            highestInYear: Bool = false, workoutSecondsPerPass: Int64 = defaultWorkoutSecondsPerPass
        ) {
            self.window = window
            self.activities = activities
            self.routes = routes
            self.highestInYear = highestInYear
            self.workoutSecondsPerPass = workoutSecondsPerPass
        }
    }

    /// What a read saw besides the workouts.
    public struct Summary: Sendable {
        /// The export's own facts (date, date of birth).
        public var facts = ExportFacts()
        /// Workouts selected.
        public var workouts = 0
        /// Passes over the export, the first included.
        public var passes = 0
        /// Warnings: route files missing or unreadable, and the reader's own.
        public var warnings: [String] = []
        /// The reader's warnings past those it kept: counted, not kept.
        public var warningsNotKept = 0
    }

    /// What a workout is handed over with.
    public struct Context: Sendable {
        /// The export's facts.
        public var facts: ExportFacts
        /// The highest heart rate in the year before the export's date, when asked for and seen.
        public var highestHeartRateInYear: Double?

        /// Creates a context (for workouts read from elsewhere than an export: a store).
        public init(facts: ExportFacts, highestHeartRateInYear: Double?) {
            self.facts = facts
            self.highestHeartRateInYear = highestHeartRateInYear
        }
    }

    private let package: ExportPackage
    private let options: Options
    private let now: ExportTimestamp

    /// Called before each pass with its number (1 for the first) and the reader it uses, e.g. for progress.
    public var willRead: ((Int, any RecordSource) -> Void)?

    /// A reader of `package`'s workouts.
    public init(package: ExportPackage, options: Options, now: ExportTimestamp = .now) {
        self.package = package
        self.options = options
        self.now = now
    }

    /// Reads the workouts and calls `body` with each, in export order within each pass.
    public func read(_ body: (WorkoutTrack, Context) throws -> Void) throws -> Summary {
        var summary = Summary()
        let (spans, facts, windowStart) = try firstPass(&summary)
        summary.facts = facts
        summary.workouts = spans.count
        let yearStart = (facts.exportDate ?? now).secondsSince1970 - 365 * 86_400
        for group in Self.groups(spans, secondsPerPass: options.workoutSecondsPerPass) {
            try secondPass(
                group, windowStart: windowStart, yearStart: options.highestInYear ? yearStart : nil,
                facts: facts, summary: &summary, body)
        }
        return summary
    }

    /// Workouts in start order, cut into groups of at most `secondsPerPass` of workout time (at least one each).
    static func groups(_ spans: [WorkoutSpan], secondsPerPass: Int64) -> [[WorkoutSpan]] {
        var groups: [[WorkoutSpan]] = []
        var current: [WorkoutSpan] = []
        var seconds: Int64 = 0
        for span in spans.sorted(by: { $0.start < $1.start }) {
            let length = span.end - span.start + SampleSeries.maximumAge
            if !current.isEmpty, seconds + length > secondsPerPass {
                groups.append(current)
                current = []
                seconds = 0
            }
            current.append(span)
            seconds += length
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    private func firstPass(_ summary: inout Summary) throws -> ([WorkoutSpan], ExportFacts, ExportTimestamp?) {
        let reader = try package.makeReader()
        summary.passes += 1
        willRead?(summary.passes, reader)
        let policy = WindowPolicy(window: options.window, now: now)
        let activities = options.activities
        reader.plan = { kind, type in
            guard kind == .workout, activities.selects(type) else { return .skip }
            return policy.earliestStart(kind: kind, type: type).map(TypePlan.startingAt) ?? .all
        }
        var spans: [WorkoutSpan] = []
        var facts = ExportFacts()
        let report = try reader.read { record in
            switch record {
            case .export(let exportFacts):
                facts = exportFacts
                policy.prepare(facts: exportFacts)
            case .workout(let workout):
                spans.append(WorkoutSpan(workout))
            default:
                break
            }
        }
        summary.warnings += report.warnings
        summary.warningsNotKept = report.warningsNotKept
        return (spans, facts, policy.start)
    }

    private func secondPass(
        _ group: [WorkoutSpan], windowStart: ExportTimestamp?, yearStart: Int64?, facts: ExportFacts,
        summary: inout Summary, _ body: (WorkoutTrack, Context) throws -> Void
    ) throws {
        let index = SpanIndex(group)
        var wanted = Set(group)
        guard let earliest = index.earliest else { return }
        let heartRateStart = min(earliest, yearStart ?? earliest)
        let activities = options.activities
        let reader = try package.makeReader()
        summary.passes += 1
        willRead?(summary.passes, reader)
        reader.plan = { kind, type in
            switch kind {
            case .quantity where type == HeartRate.type:
                return .startingAt(ExportTimestamp(secondsSince1970: heartRateStart, offsetMinutes: 0))
            case .quantity where type == HeartRate.cadenceType:
                return .startingAt(ExportTimestamp(secondsSince1970: earliest, offsetMinutes: 0))
            case .workout where activities.selects(type):
                return windowStart.map(TypePlan.startingAt) ?? .all
            default:
                return .skip
            }
        }
        var heartRate: [String: [TimedValue]] = [:]
        var cadence: [String: [TimedValue]] = [:]
        var highest: Double?
        var series: (heartRate: [String: SampleSeries], cadence: [String: SampleSeries])?
        var warnings: [String] = []
        let package = package
        let routes = options.routes
        let report = try withoutActuallyEscaping(body) { body in
            try reader.read { record in
                switch record {
                case .quantity(let sample):
                    guard let value = sample.value else { return }
                    let time = sample.header.startDate.secondsSince1970
                    let source = sample.header.sourceName
                    if sample.header.type == HeartRate.type {
                        let beats = HeartRate.beatsPerMinute(value, unit: sample.unit)
                        if let yearStart, time >= yearStart { highest = max(highest ?? beats, beats) }
                        if index.contains(source: source, time: time) {
                            heartRate[source, default: []].append(TimedValue(time: time, value: beats))
                        }
                    } else if index.contains(source: source, time: time) {
                        cadence[source, default: []].append(TimedValue(time: time, value: value))
                    }
                case .workout(let workout):
                    let span = WorkoutSpan(workout)
                    guard wanted.remove(span) != nil else { return }
                    if series == nil {
                        // Samples come before workouts: sort them once, when the first workout arrives.
                        series = (heartRate.mapValues(SampleSeries.init), cadence.mapValues(SampleSeries.init))
                        heartRate = [:]
                        cadence = [:]
                    }
                    let segments = routes ? RouteFiles.segments(of: workout, in: package, warnings: &warnings) : []
                    let track = WorkoutTrack(
                        workout: workout, segments: segments,
                        heartRate: series?.heartRate[span.sourceName].map { $0.restricted(to: span) } ?? SampleSeries(),
                        cadence: series?.cadence[span.sourceName].map { $0.restricted(to: span) } ?? SampleSeries())
                    try body(track, Context(facts: facts, highestHeartRateInYear: highest))
                default:
                    break
                }
            }
        }
        summary.warnings += report.warnings.filter { !summary.warnings.contains($0) } + warnings
        // Each pass reads the same export: its uncounted warnings are the first pass's.
        summary.warningsNotKept = max(summary.warningsNotKept, report.warningsNotKept)
    }
}

extension SampleSeries {
    /// The samples a workout of `span` uses: from a minute before its start to its end.
    func restricted(to span: WorkoutSpan) -> SampleSeries {
        SampleSeries(Array(slice(from: span.sampleRange.lowerBound, through: span.sampleRange.upperBound)))
    }
}
