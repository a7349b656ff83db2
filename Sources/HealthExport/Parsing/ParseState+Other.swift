import CLibXML2

extension ParseState {
    func readActivitySummary(_ attributes: AttributeList) throws {
        let type = ActivitySummary.typeIdentifier
        guard let dayBytes = attributes.value(of: "dateComponents") else {
            return invalid(type, "ActivitySummary has no dateComponents")
        }
        guard let day = TimestampParser.parseDay(dayBytes) else {
            return invalid(type, "dateComponents \"\(String(decoding: dayBytes, as: UTF8.self))\" is not a date")
        }
        var summary = ActivitySummary(day: day, offsetMinutes: report.facts.exportDate?.offsetMinutes ?? 0)
        let typeID = activitySummaryTypeID
        guard admits(kind: .activitySummary, type: type, typeID: typeID, start: summary.start) else { return }
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            let value = attributes.value(i)
            if AttributeList.equal(name, "activeEnergyBurnedUnit") {
                summary.activeEnergyBurnedUnit = string(value)
                continue
            }
            let number = NumberParser.parseDouble(value)
            if AttributeList.equal(name, "activeEnergyBurned") {
                summary.activeEnergyBurned = number
            } else if AttributeList.equal(name, "activeEnergyBurnedGoal") {
                summary.activeEnergyBurnedGoal = number
            } else if AttributeList.equal(name, "appleMoveTime") || AttributeList.equal(name, "appleMoveMinutes") {
                summary.moveTime = number
            } else if AttributeList.equal(name, "appleMoveTimeGoal")
                || AttributeList.equal(name, "appleMoveMinutesGoal")
            {
                summary.moveTimeGoal = number
            } else if AttributeList.equal(name, "appleExerciseTime") {
                summary.exerciseTime = number
            } else if AttributeList.equal(name, "appleExerciseTimeGoal") {
                summary.exerciseTimeGoal = number
            } else if AttributeList.equal(name, "appleStandHours") {
                summary.standHours = number
            } else if AttributeList.equal(name, "appleStandHoursGoal") {
                summary.standHoursGoal = number
            }
        }
        try sink(.activitySummary(summary))
    }

    func readClinicalRecord(_ attributes: AttributeList) throws {
        func text(_ name: StaticString) -> String? {
            attributes.value(of: name).map { String(decoding: $0, as: UTF8.self) }
        }
        let type = text("type") ?? "ClinicalRecord"
        let (internedType, typeID) = types.intern(
            attributes.value(of: "type") ?? UnsafeRawBufferPointer(start: nil, count: 0))
        let received = attributes.value(of: "receivedDate").flatMap(TimestampParser.parse)
        if let received, !admits(kind: .clinical, type: internedType, typeID: typeID, start: received) { return }
        try sink(
            .clinical(
                ClinicalRecord(
                    type: type, identifier: text("identifier") ?? "", sourceName: text("sourceName") ?? "",
                    sourceURL: text("sourceURL"), fhirVersion: text("fhirVersion"), receivedDate: received,
                    resourceFilePath: text("resourceFilePath"))))
    }

    func startAudiogram(_ attributes: AttributeList) {
        let parsed = SampleAttributes(attributes)
        let (type, typeID) = types.intern(parsed.type ?? UnsafeRawBufferPointer(start: nil, count: 0))
        guard let header = header(parsed, type: type, element: "Audiogram") else { return skipCurrent() }
        guard admits(kind: .audiogram, type: type, typeID: typeID, start: header.startDate) else {
            return skipCurrent()
        }
        audiogram = Audiogram(header: header)
    }

    func finishAudiogram() throws {
        guard let audiogram else { return }
        self.audiogram = nil
        try sink(.audiogram(audiogram))
    }

    func startVision(_ attributes: AttributeList) {
        let typeBytes = attributes.value(of: "type") ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let (type, typeID) = types.intern(typeBytes)
        let issued = attributes.value(of: "dateIssued").flatMap { TimestampParser.parse($0) ?? Self.dayStart($0) }
        guard let issued else {
            invalid(type, "VisionPrescription has no readable dateIssued")
            return skipCurrent()
        }
        guard admits(kind: .visionPrescription, type: type, typeID: typeID, start: issued) else { return skipCurrent() }
        vision = VisionPrescription(
            type: type, dateIssued: issued,
            expirationDate: attributes.value(of: "expirationDate").flatMap {
                TimestampParser.parse($0) ?? Self.dayStart($0)
            },
            brand: attributes.value(of: "brand").map { String(decoding: $0, as: UTF8.self) })
    }

    /// A bare `yyyy-MM-dd` taken as midnight UTC, for dates whose format is not settled.
    static func dayStart(_ bytes: UnsafeRawBufferPointer) -> ExportTimestamp? {
        TimestampParser.parseDay(bytes).map {
            ExportTimestamp(secondsSince1970: Int64($0.daysSince1970) * 86_400, offsetMinutes: 0)
        }
    }

    func finishVision() throws {
        guard let vision else { return }
        self.vision = nil
        try sink(.visionPrescription(vision))
    }
}
