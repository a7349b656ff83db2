import HealthExport

extension WorkoutTrack {
    /// The laps of the TCX activity: one per activity of a multisport or interval workout, else
    /// one per lap event (or, without those, per segment event), else one for the whole workout.
    ///
    /// Activity laps and the whole-workout lap take their totals from the export's statistics
    /// (an activity without an energy statistic takes a share of the workout's energy in
    /// proportion to its time). Event laps keep their events' durations; they take their distance
    /// from the route where it has points, else a share of the total in proportion to their time,
    /// and their energy is always such a share, so the laps' energy adds up to the workout's.
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
            return eventLaps(chosen.sorted { $0.date < $1.date }, origin: origin, points)
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

    private func eventLaps(_ events: [WorkoutEvent], origin: Lap.Origin, _ points: [TrackPoint]) -> [Lap] {
        let spans = events.enumerated().map { index, event in
            let lapStart = event.date.secondsSince1970
            let following = index + 1 < events.count ? events[index + 1].date.secondsSince1970 : end
            return (start: lapStart, seconds: seconds(event.duration) ?? Double(max(following - lapStart, 0)))
        }
        let total = max(spans.reduce(0) { $0 + $1.seconds }, 1)
        return spans.map { lapStart, lapSeconds in
            let lapEnd = lapStart + Int64(lapSeconds.rounded())
            let share = lapSeconds / total
            return Lap(
                origin: origin, start: lapStart, end: lapEnd, seconds: lapSeconds,
                distanceMeters: routeDistance(from: lapStart, to: lapEnd, points) ?? (distanceMeters ?? 0) * share,
                kilocalories: (energyKilocalories ?? 0) * share,
                averageHeartRate: heartRate.timeWeightedMean(from: lapStart, to: lapEnd),
                maximumHeartRate: heartRate.slice(from: lapStart, through: lapEnd).map(\.value).max())
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
