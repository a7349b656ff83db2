extension ParseState {
    /// `WorkoutZoneGroup` inside a `Workout`.
    func startWorkoutZoneGroup(_ attributes: AttributeList) {
        guard workout != nil else { return skipCurrent() }
        var group = WorkoutZoneGroup(type: "")
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            let value = attributes.value(i)
            if AttributeList.equal(name, "type") {
                group.type = types.intern(value).string
            } else if AttributeList.equal(name, "source") {
                group.source = string(value)
            } else if AttributeList.equal(name, "unit") {
                group.unit = string(value)
            }
        }
        workout!.zoneGroups.append(group)
    }

    /// `WorkoutZone` inside a `WorkoutZoneGroup`.
    func addWorkoutZone(_ attributes: AttributeList) {
        guard workout != nil, !workout!.zoneGroups.isEmpty else { return }
        var zone = WorkoutZone()
        var duration: Double?
        var durationUnit: String?
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            let value = attributes.value(i)
            if AttributeList.equal(name, "minimum") {
                zone.minimum = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "maximum") {
                zone.maximum = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "duration") {
                duration = NumberParser.parseDouble(value)
            } else if AttributeList.equal(name, "durationUnit") {
                durationUnit = string(value)
            }
        }
        zone.duration = duration.map { Measurement(value: $0, unit: durationUnit) }
        workout!.zoneGroups[workout!.zoneGroups.count - 1].zones.append(zone)
    }
}
