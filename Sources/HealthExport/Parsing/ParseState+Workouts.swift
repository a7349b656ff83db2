import CLibXML2

extension ParseState {
    func startWorkout(_ attributes: AttributeList) {
        let parsed = SampleAttributes(attributes, typeAttribute: "workoutActivityType")
        guard let typeBytes = parsed.type else {
            invalid("Workout", "Workout has no workoutActivityType")
            return skipCurrent()
        }
        let (type, typeID) = types.intern(typeBytes)
        guard let header = header(parsed, type: type, element: "Workout") else { return skipCurrent() }
        guard admits(kind: .workout, type: type, typeID: typeID, start: header.startDate) else { return skipCurrent() }
        var workout = Workout(activityType: type, header: header)
        var totalDistance: UnsafeRawBufferPointer?
        var totalDistanceUnit: UnsafeRawBufferPointer?
        var totalEnergy: UnsafeRawBufferPointer?
        var totalEnergyUnit: UnsafeRawBufferPointer?
        var duration: UnsafeRawBufferPointer?
        var durationUnit: UnsafeRawBufferPointer?
        for index in parsed.others {
            let name = attributes.name(index)
            let value = attributes.value(index)
            if AttributeList.equal(name, "duration") {
                duration = value
            } else if AttributeList.equal(name, "durationUnit") {
                durationUnit = value
            } else if AttributeList.equal(name, "totalDistance") {
                totalDistance = value
            } else if AttributeList.equal(name, "totalDistanceUnit") {
                totalDistanceUnit = value
            } else if AttributeList.equal(name, "totalEnergyBurned") {
                totalEnergy = value
            } else if AttributeList.equal(name, "totalEnergyBurnedUnit") {
                totalEnergyUnit = value
            } else {
                workout.metadata.append(MetadataEntry(key: String(cString: name), value: string(value)))
            }
        }
        workout.duration = measurement(duration, durationUnit)
        workout.totalDistance = measurement(totalDistance, totalDistanceUnit)
        workout.totalEnergyBurned = measurement(totalEnergy, totalEnergyUnit)
        self.workout = workout
    }

    func startWorkoutActivity(_ attributes: AttributeList) {
        guard workout != nil else { return skipCurrent() }
        let type = workout!.activityType
        guard let startBytes = attributes.value(of: "startDate"), let start = date(startBytes, "startDate", type: type)
        else { return skipCurrent() }
        let activity = WorkoutActivity(
            uuid: attributes.value(of: "uuid").map { String(decoding: $0, as: UTF8.self) } ?? "",
            startDate: start,
            endDate: attributes.value(of: "endDate").flatMap(TimestampParser.parse),
            duration: measurement(attributes.value(of: "duration"), attributes.value(of: "durationUnit")))
        workout!.activities.append(activity)
        activityIndex = workout!.activities.count - 1
    }

    func addWorkoutEvent(_ attributes: AttributeList, in parent: ElementName) {
        guard workout != nil, let typeBytes = attributes.value(of: "type"),
            let dateBytes = attributes.value(of: "date"),
            let date = TimestampParser.parse(dateBytes)
        else { return skipCurrent() }
        let event = WorkoutEvent(
            type: string(typeBytes), date: date,
            duration: measurement(attributes.value(of: "duration"), attributes.value(of: "durationUnit")))
        if parent == .workoutActivity, let activity = activityIndex {
            workout!.activities[activity].events.append(event)
            eventOwner = .activity(activity, workout!.activities[activity].events.count - 1)
        } else {
            workout!.events.append(event)
            eventOwner = .workout(workout!.events.count - 1)
        }
    }

    func addWorkoutStatistics(_ attributes: AttributeList, in parent: ElementName) {
        guard workout != nil else { return }
        var statistics = WorkoutStatistics(type: "")
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            let value = attributes.value(i)
            if AttributeList.equal(name, "type") {
                statistics.type = types.intern(value).string
            } else if AttributeList.equal(name, "startDate") {
                statistics.startDate = TimestampParser.parse(value)
            } else if AttributeList.equal(name, "endDate") {
                statistics.endDate = TimestampParser.parse(value)
            } else if AttributeList.equal(name, "average") {
                statistics.average = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "minimum") {
                statistics.minimum = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "maximum") {
                statistics.maximum = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "sum") {
                statistics.sum = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "unit") {
                statistics.unit = string(value)
            }
        }
        if parent == .workoutActivity, let activity = activityIndex {
            workout!.activities[activity].statistics.append(statistics)
        } else {
            workout!.statistics.append(statistics)
        }
    }

    func startWorkoutRoute(_ attributes: AttributeList) {
        guard workout != nil else { return skipCurrent() }
        let parsed = SampleAttributes(attributes)
        workout!.routes.append(
            WorkoutRoute(
                sourceName: parsed.source.map(string),
                sourceVersion: parsed.sourceVersion.map(string),
                creationDate: parsed.creationDate.flatMap(TimestampParser.parse),
                startDate: parsed.startDate.flatMap(TimestampParser.parse),
                endDate: parsed.endDate.flatMap(TimestampParser.parse)))
        routeIndex = workout!.routes.count - 1
    }

    func addFileReference(_ attributes: AttributeList) {
        guard let index = routeIndex, let path = attributes.value(of: "path") else { return }
        workout?.routes[index].filePaths.append(String(decoding: path, as: UTF8.self))
    }

    func addLocation(_ attributes: AttributeList) {
        guard let index = routeIndex else { return }
        var point = RoutePoint(time: nil, latitude: .nan, longitude: .nan)
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            let value = attributes.value(i)
            if AttributeList.equal(name, "date") {
                point.time = TimestampParser.parse(value)
            } else if AttributeList.equal(name, "latitude") {
                point.latitude = NumberParser.parseDouble(value) ?? .nan
            } else if AttributeList.equal(name, "longitude") {
                point.longitude = NumberParser.parseDouble(value) ?? .nan
            } else if AttributeList.equal(name, "altitude") {
                point.elevation = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "speed") {
                point.speed = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "course") {
                point.course = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "horizontalAccuracy") {
                point.horizontalAccuracy = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "verticalAccuracy") {
                point.verticalAccuracy = NumberParser.parseDouble(value)
            }
        }
        guard !point.latitude.isNaN, !point.longitude.isNaN else { return }
        workout?.routes[index].locations.append(point)
    }

    func finishWorkout() throws {
        guard var workout else { return }
        self.workout = nil
        WorkoutTotals.fill(&workout)
        try sink(.workout(workout))
        for route in workout.routes where !route.locations.isEmpty {
            try sink(
                .route(
                    RouteTrack(
                        filePath: nil, sourceName: route.sourceName, workoutActivityType: workout.activityType,
                        workoutStart: workout.header.startDate,
                        startDate: route.locations.first?.time ?? route.startDate,
                        endDate: route.locations.last?.time ?? route.endDate, points: route.locations)))
        }
    }
}

/// Workout totals: modern exports keep them in `WorkoutStatistics`, older ones in attributes.
enum WorkoutTotals {
    /// Sets the totals from the workout-level statistics, else keeps the attributes, else sums the activities'.
    static func fill(_ workout: inout Workout) {
        if let distance = total(of: isDistance, in: workout.statistics) {
            workout.totalDistance = distance
        } else if workout.totalDistance == nil {
            workout.totalDistance = total(of: isDistance, in: workout.activities.flatMap(\.statistics))
        }
        if let energy = total(of: isActiveEnergy, in: workout.statistics) {
            workout.totalEnergyBurned = energy
        } else if workout.totalEnergyBurned == nil {
            workout.totalEnergyBurned = total(of: isActiveEnergy, in: workout.activities.flatMap(\.statistics))
        }
    }

    static func isDistance(_ type: String) -> Bool {
        type.hasPrefix("HKQuantityTypeIdentifierDistance")
    }

    static func isActiveEnergy(_ type: String) -> Bool {
        type == "HKQuantityTypeIdentifierActiveEnergyBurned"
    }

    /// The sum of the matching statistics, in their unit when they share one, else in the base
    /// unit (a triathlon's swim in metres, its ride and run in miles); a sum in a unit that does
    /// not convert to the others' is left out.
    private static func total(of matches: (String) -> Bool, in statistics: [WorkoutStatistics]) -> Measurement? {
        var result: Measurement?
        for item in statistics where matches(item.type) {
            guard let sum = item.sum else { continue }
            guard let current = result else {
                result = Measurement(value: sum, unit: item.unit)
                continue
            }
            if current.unit == item.unit {
                result!.value = current.value + sum
                continue
            }
            let (total, base) = UnitConversion.toBase(current.value, unit: current.unit)
            let (added, addedBase) = UnitConversion.toBase(sum, unit: item.unit)
            guard base == addedBase else { continue }
            result = Measurement(value: total + added, unit: base)
        }
        return result
    }
}
