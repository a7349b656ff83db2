import HealthExport

extension WorkoutTrack {
    /// The laps of the TCX activity: one per activity of a multisport or interval workout, else
    /// one per lap event (or, without those, per segment event), else one for the whole workout.
    ///
    /// Activity laps and the whole-workout lap take their totals from the export's statistics
    /// (an activity without an energy statistic takes a share of the workout's energy in
    /// proportion to its time). Event laps cover the workout one after the other, and their
    /// time, distance and energy add up to the workout's (see `eventLaps`).
    public var laps: [Lap] { laps(along: trackPoints) }

    /// The laps (see ``laps``), with route distances measured along `points`.
    public func laps(along points: [TrackPoint]) -> [Lap] {
        if workout.activities.count > 1 {
            let total = workout.activities.reduce(0) { $0 + activitySeconds($1) }
            return workout.activities.map { activityLap($0, share: activitySeconds($0) / max(total, 1), points) }
        }
        let events = workout.events + (workout.activities.first?.events ?? [])
        let lapEvents = events.filter { $0.type == "HKWorkoutEventTypeLap" }
        let chosen = lapEvents.isEmpty ? events.filter { $0.type == "HKWorkoutEventTypeSegment" } : lapEvents
        if !chosen.isEmpty {
            let origin: Lap.Origin = lapEvents.isEmpty ? .segmentEvent : .lapEvent
            return eventLaps(chosen, origin: origin, points)
        }
        return [wholeLap(points)]
    }

    private func wholeLap(_ points: [TrackPoint]) -> Lap {
        Lap(
            origin: .workout, start: start, end: end, seconds: durationSeconds,
            distanceMeters: distanceMeters ?? routeDistance(from: start, to: end, points) ?? 0,
            kilocalories: energyKilocalories ?? 0, averageHeartRate: averageHeartRate,
            maximumHeartRate: maximumHeartRate)
    }

    private func activityLap(_ activity: WorkoutActivity, share: Double, _ points: [TrackPoint]) -> Lap {
        let lapStart = activity.startDate.secondsSince1970
        let lapEnd = activity.endDate?.secondsSince1970 ?? (lapStart + Int64(seconds(activity.duration) ?? 0))
        let distance = activity.statistics.first { $0.type.contains("Distance") && $0.sum != nil }
        let energy = activity.statistics.first { $0.type == "HKQuantityTypeIdentifierActiveEnergyBurned" }
        let beats = activity.statistics.first { $0.type == HeartRate.type }
        let meters = distance.flatMap { Self.meters(HealthExport.Measurement(value: $0.sum!, unit: $0.unit)) }
        let kilocalories = energy?.sum.flatMap {
            Self.kilocalories(HealthExport.Measurement(value: $0, unit: energy?.unit))
        }
        return Lap(
            origin: .activity, start: lapStart, end: lapEnd,
            seconds: seconds(activity.duration) ?? Double(lapEnd - lapStart),
            distanceMeters: meters ?? routeDistance(from: lapStart, to: lapEnd, points) ?? 0,
            kilocalories: kilocalories ?? (energyKilocalories ?? 0) * share,
            averageHeartRate: beats?.average.map { HeartRate.beatsPerMinute($0, unit: beats?.unit) }
                ?? heartRate.timeWeightedMean(from: lapStart, to: lapEnd),
            maximumHeartRate: beats?.maximum.map { HeartRate.beatsPerMinute($0, unit: beats?.unit) }
                ?? heartRate.slice(from: lapStart, through: lapEnd).map(\.value).max())
    }

    /// Laps that follow `events` and cover the workout from its start to its end, one after
    /// the other: real exports list several sets of segments over one run (kilometre and mile
    /// splits, longer ones), so the laps take the most events that do not overlap (the finest
    /// set); the time before the first, between two and after the last becomes a lap of its own
    /// (a piece under ``shortestLap`` joins the lap after it, or the last lap). A lap's time
    /// leaves out the pauses in it, and the laps' times add up to the workout's written
    /// duration; so do their distances (``eventLapDistances(_:origins:active:_:)``) and their
    /// energy, shared in proportion to their time.
    private func eventLaps(_ events: [WorkoutEvent], origin: Lap.Origin, _ points: [TrackPoint]) -> [Lap] {
        var pieces: [(start: Int64, origin: Lap.Origin)] = []
        var covered = start
        for span in nonOverlapping(events) where span.end > covered && span.start < end {
            let gap = max(span.start, covered) - covered
            if gap >= Self.shortestLap { pieces.append((covered, .betweenEvents)) }
            pieces.append((gap >= Self.shortestLap ? covered + gap : covered, origin))
            covered = min(span.end, end)
        }
        guard !pieces.isEmpty else { return [wholeLap(points)] }
        if end - covered >= Self.shortestLap { pieces.append((covered, .betweenEvents)) }
        let bounds = pieces.indices.map { index in
            (start: pieces[index].start, end: index + 1 < pieces.count ? pieces[index + 1].start : end)
        }
        let pauses = pauseSpans()
        let active = bounds.map { Double($0.end - $0.start) - Self.overlap(of: pauses, from: $0.start, to: $0.end) }
        let activeTotal = active.reduce(0, +)
        // Scaled to the written duration, which the pauses the events record may not explain whole.
        let written = workout.duration.flatMap { seconds($0) }
        let timeScale = written.map { activeTotal > 0 ? $0 / activeTotal : 0 } ?? 1
        let meters = eventLapDistances(bounds, origins: pieces.map(\.origin), active: active, points)
        return bounds.indices.map { index in
            let (lapStart, lapEnd) = bounds[index]
            return Lap(
                origin: pieces[index].origin, start: lapStart, end: lapEnd, seconds: active[index] * timeScale,
                distanceMeters: meters[index],
                kilocalories: activeTotal > 0 ? (energyKilocalories ?? 0) * active[index] / activeTotal : 0,
                averageHeartRate: heartRate.timeWeightedMean(from: lapStart, to: lapEnd),
                maximumHeartRate: heartRate.slice(from: lapStart, through: lapEnd).map(\.value).max())
        }
    }

    /// The distance of each event lap: the workout's in proportion to the route's distance in
    /// the lap; without a route, in a pool, a length of the pool per lap event and the rest of
    /// the workout's distance to the time between them (nothing when the lengths make it up);
    /// else the workout's in proportion to the lap's time.
    private func eventLapDistances(
        _ bounds: [(start: Int64, end: Int64)], origins: [Lap.Origin], active: [Double], _ points: [TrackPoint]
    ) -> [Double] {
        // `total` shared in proportion to `weights`.
        let shared = { (total: Double, weights: [Double]) -> [Double] in
            let sum = weights.reduce(0, +)
            return weights.map { sum > 0 ? total * $0 / sum : 0 }
        }
        if let along = routeDistances(at: [start] + bounds.map(\.end), points) {
            let pieces = bounds.indices.map { along[$0 + 1] - along[$0] }
            guard let total = distanceMeters else { return pieces }
            return along.last! > along.first! ? shared(total, pieces) : shared(total, active)
        }
        if let length = poolLengthMeters, origins.contains(.lapEvent) {
            let lengths = origins.map { $0 == .lapEvent ? length : 0 }
            let swum = lengths.reduce(0, +)
            let total = distanceMeters ?? swum
            if swum >= total { return shared(total, lengths) }
            let rests = zip(origins, active).map { $0 == .lapEvent ? 0 : $1 }
            if rests.contains(where: { $0 > 0 }) {
                return zip(lengths, shared(total - swum, rests)).map { $0 + $1 }
            }
        }
        return shared(distanceMeters ?? 0, active)
    }

    /// The pool's length in metres (`HKLapLength`, as in `50 m`), for a swim in a pool.
    private var poolLengthMeters: Double? {
        guard let text = workout.metadata.first(where: { $0.key == "HKLapLength" })?.value else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let value = Double(parts[0]) else { return nil }
        let (meters, unit) = UnitConversion.toBase(value, unit: String(parts[1]))
        return unit == "m" && meters > 0 ? meters : nil
    }

    /// Pieces of time shorter than this join the lap beside them rather than make one.
    static let shortestLap: Int64 = 5

    /// The largest set of `events` that do not overlap, in time order:
    /// each event from its date for its duration, or until the next event without one.
    private func nonOverlapping(_ events: [WorkoutEvent]) -> [(start: Int64, end: Int64)] {
        let sorted = events.sorted { $0.date < $1.date }
        let spans = sorted.indices.map { index in
            let eventStart = sorted[index].date.secondsSince1970
            let following = index + 1 < sorted.count ? sorted[index + 1].date.secondsSince1970 : end
            let length = seconds(sorted[index].duration) ?? Double(max(following - eventStart, 0))
            return (start: eventStart, end: eventStart + Int64(length.rounded()))
        }
        // Earliest end first: the most intervals that fit one after another. Apple's durations
        // of pool lengths run a few seconds into the next length: an overlap of up to a quarter
        // of the shorter event is not one.
        var chosen: [(start: Int64, end: Int64)] = []
        for span in spans.sorted(by: { ($0.end, $0.start) < ($1.end, $1.start) }) where span.end > span.start {
            if let last = chosen.last,
                last.end - span.start > max(1, min(last.end - last.start, span.end - span.start) / 4)
            {
                continue
            }
            chosen.append(span)
        }
        return chosen
    }

    /// The workout's pauses (`Pause` to `Resume`, `MotionPaused` to `MotionResumed`), in time order.
    private func pauseSpans() -> [(start: Int64, end: Int64)] {
        let events = (workout.events + workout.activities.flatMap(\.events)).sorted { $0.date < $1.date }
        var spans: [(start: Int64, end: Int64)] = []
        var pausedAt: Int64?
        for event in events {
            let time = event.date.secondsSince1970
            switch event.type {
            case "HKWorkoutEventTypePause", "HKWorkoutEventTypeMotionPaused":
                if pausedAt == nil { pausedAt = time }
            case "HKWorkoutEventTypeResume", "HKWorkoutEventTypeMotionResumed":
                if let from = pausedAt, time > from { spans.append((from, time)) }
                pausedAt = nil
            default: break
            }
        }
        if let from = pausedAt, end > from { spans.append((from, end)) }
        return spans
    }

    /// The seconds of `spans` inside `from..<to`.
    private static func overlap(of spans: [(start: Int64, end: Int64)], from: Int64, to: Int64) -> Double {
        spans.reduce(0) { $0 + Double(max(0, min($1.end, to) - max($1.start, from))) }
    }

    /// The distance along the route at each of `times` (interpolated between points, held before
    /// the first and after the last), when at least two points have a time.
    private func routeDistances(at times: [Int64], _ points: [TrackPoint]) -> [Double]? {
        let timed = points.compactMap { point in
            point.point.time.map { (time: $0.secondsSince1970, meters: point.distanceMeters) }
        }.filter { $0.meters.isFinite }
        guard timed.count >= 2, let first = timed.first, let last = timed.last, last.time > first.time else {
            return nil
        }
        var index = 0
        return times.map { time in
            if time <= first.time { return first.meters }
            if time >= last.time { return last.meters }
            while index > 0, timed[index].time > time { index -= 1 }
            while index + 1 < timed.count, timed[index + 1].time <= time { index += 1 }
            let (before, after) = (timed[index], timed[index + 1])
            guard after.time > before.time else { return before.meters }
            let fraction = Double(time - before.time) / Double(after.time - before.time)
            return before.meters + (after.meters - before.meters) * fraction
        }
    }

    private func activitySeconds(_ activity: WorkoutActivity) -> Double {
        if let seconds = seconds(activity.duration) { return seconds }
        guard let activityEnd = activity.endDate else { return 0 }
        return Double(activityEnd.secondsSince1970 - activity.startDate.secondsSince1970)
    }

    private func seconds(_ measurement: HealthExport.Measurement?) -> Double? {
        guard let measurement else { return nil }
        let (value, unit) = UnitConversion.toBase(measurement.value, unit: measurement.unit)
        return unit == "s" || unit.isEmpty ? value : nil
    }

    /// The route's distance between two instants, when it has at least two points in between.
    func routeDistance(from lapStart: Int64, to lapEnd: Int64, _ points: [TrackPoint]) -> Double? {
        let inside = points.filter { point in
            guard let time = point.point.time?.secondsSince1970 else { return false }
            return time >= lapStart && time <= lapEnd
        }
        guard let first = inside.first, let last = inside.last, inside.count >= 2 else { return nil }
        return last.distanceMeters - first.distanceMeters
    }
}
