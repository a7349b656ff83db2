/// What a sleep sample (`HKCategoryTypeIdentifierSleepAnalysis`) says.
public enum SleepStage: Int, Sendable, CaseIterable {
    case inBed, awake, deep, rem, core, unspecified

    /// The stage of a category value's name (`HKCategoryValueSleepAnalysisAsleepREM`) or, for old exports, its
    /// number; `nil` for anything else.
    public init?(value: String?, rawValue: Int? = nil) {
        switch value {
        case "HKCategoryValueSleepAnalysisInBed": self = .inBed
        case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified": self = .unspecified
        case "HKCategoryValueSleepAnalysisAsleepCore": self = .core
        case "HKCategoryValueSleepAnalysisAsleepDeep": self = .deep
        case "HKCategoryValueSleepAnalysisAsleepREM": self = .rem
        case "HKCategoryValueSleepAnalysisAwake": self = .awake
        default:
            switch rawValue {
            case 0: self = .inBed
            case 1: self = .unspecified
            case 2: self = .awake
            case 3: self = .core
            case 4: self = .deep
            case 5: self = .rem
            default: return nil
            }
        }
    }

    /// Asleep in any stage.
    public var isAsleep: Bool { self == .deep || self == .rem || self == .core || self == .unspecified }
}

/// One sleep sample as the night rule needs it.
public struct SleepSample: Sendable, Equatable {
    public var start: Int64
    public var end: Int64
    public var stage: SleepStage
    /// The source, as an index into the ``SourcePriority``'s sources.
    public var source: Int32
    public var userEntered: Bool
    public var zone: LocalZones.ZoneID

    /// Creates a sleep sample.
    public init(
        start: Int64, end: Int64, stage: SleepStage, source: Int32, userEntered: Bool = false, zone: LocalZones.ZoneID
    ) {
        self.start = start
        self.end = max(start, end)
        self.stage = stage
        self.source = source
        self.userEntered = userEntered
        self.zone = zone
    }
}

/// One night of sleep: the samples starting from day D 12:00 to D+1 12:00, local time.
public struct SleepNight: Sendable, Equatable {
    /// The wall-clock start of the night (day D 12:00); ``night`` names it by day D.
    public var wallStart: Int64
    /// Seconds in bed (the in-bed layer) and in each stage (the stage layer).
    public var inBedSeconds: Int64 = 0
    public var stageSeconds: [Int64] = Array(repeating: 0, count: SleepStage.allCases.count)
    /// Each source's counted seconds, over both layers.
    public var sources: [SourceAmount] = []
    /// The first and last asleep instants, with the offsets to show them in.
    public var firstAsleep: Int64?
    public var firstAsleepOffset: Int32 = 0
    public var lastAsleep: Int64?
    public var lastAsleepOffset: Int32 = 0

    /// Day D, `yyyy-MM-dd`.
    public var night: String { CivilCalendar.dayText(wall: wallStart) }
    /// Minutes of a stage.
    public func minutes(_ stage: SleepStage) -> Double {
        stage == .inBed ? Double(inBedSeconds) / 60 : Double(stageSeconds[stage.rawValue]) / 60
    }
    /// Minutes asleep, in any stage.
    public var asleepMinutes: Double {
        SleepStage.allCases.filter(\.isAsleep).reduce(0) { $0 + minutes($1) }
    }
    /// ISO 8601 of the first asleep instant.
    public var startText: String? { firstAsleep.map { CivilCalendar.iso8601($0, offset: firstAsleepOffset) } }
    /// ISO 8601 of the last asleep instant.
    public var endText: String? { lastAsleep.map { CivilCalendar.iso8601($0, offset: lastAsleepOffset) } }
}

/// Sleep by night, merged across sources the way the Health app merges them.
///
/// In-bed samples form one layer and stage samples (asleep, core, deep, REM, unspecified, awake) another. In
/// each layer and each piece of time only the highest-priority source with a sample there counts (a
/// hand-entered sample before every source), so a Watch's "awake" at 3:00 wins over a lower-ranked app's
/// "asleep" then. A piece counts once even when the winning source has overlapping samples in it; then the
/// first stage in ``SleepStage`` order (awake, deep, REM, core, unspecified) takes it.
public enum SleepNights {
    /// The nights `samples` start in, in order.
    public static func nights(_ samples: [SleepSample], priority: SourcePriority, zones: LocalZones) -> [SleepNight] {
        var byNight: [Int64: [Int]] = [:]
        for (index, sample) in samples.enumerated() {
            byNight[Period.night.bucketStart(wall: zones.wall(sample.zone, at: sample.start)), default: []].append(
                index)
        }
        return byNight.keys.sorted().map { wallStart in
            var night = SleepNight(wallStart: wallStart)
            let members = byNight[wallStart]!
            for inBedLayer in [true, false] {
                let layer = members.filter { (samples[$0].stage == .inBed) == inBedLayer }
                let intervals = layer.map {
                    PriorityTimeline.Interval(
                        start: samples[$0].start, end: samples[$0].end,
                        key: priority.key(source: samples[$0].source, userEntered: samples[$0].userEntered))
                }
                PriorityTimeline.sweep(intervals) { start, end, winners in
                    guard end > start else { return }
                    let winner = samples[
                        layer[
                            Int(
                                winners.min {
                                    samples[layer[Int($0)]].stage.rawValue < samples[layer[Int($1)]].stage.rawValue
                                }!)]]
                    let seconds = end - start
                    night.sources.add(Double(seconds), source: winner.source)
                    if inBedLayer {
                        night.inBedSeconds += seconds
                        return
                    }
                    night.stageSeconds[winner.stage.rawValue] += seconds
                    guard winner.stage.isAsleep else { return }
                    if night.firstAsleep == nil || start < night.firstAsleep! {
                        night.firstAsleep = start
                        night.firstAsleepOffset = zones.offset(winner.zone, at: start)
                    }
                    if night.lastAsleep == nil || end > night.lastAsleep! {
                        night.lastAsleep = end
                        night.lastAsleepOffset = zones.offset(winner.zone, at: end)
                    }
                }
            }
            return night
        }
    }
}
