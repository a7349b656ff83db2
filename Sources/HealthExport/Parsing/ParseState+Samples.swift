import CLibXML2

extension ParseState {
    /// The attributes of the sample elements (`Record`, `Correlation`, `Workout`, `Audiogram`), read in one pass.
    struct SampleAttributes {
        var type: UnsafeRawBufferPointer?
        var source: UnsafeRawBufferPointer?
        var sourceVersion: UnsafeRawBufferPointer?
        var device: UnsafeRawBufferPointer?
        var creationDate: UnsafeRawBufferPointer?
        var startDate: UnsafeRawBufferPointer?
        var endDate: UnsafeRawBufferPointer?
        var unit: UnsafeRawBufferPointer?
        var value: UnsafeRawBufferPointer?
        /// Attributes this reader does not know: iOS 8 wrote metadata this way.
        var others: [Int] = []

        init(_ attributes: AttributeList, typeAttribute: StaticString = "type") {
            for i in 0..<attributes.count {
                let name = attributes.name(i)
                let value = attributes.value(i)
                switch name[0] {
                case UInt8(ascii: "t") where AttributeList.equal(name, typeAttribute): type = value
                case UInt8(ascii: "w") where AttributeList.equal(name, typeAttribute): type = value
                case UInt8(ascii: "s"):
                    if AttributeList.equal(name, "startDate") {
                        startDate = value
                    } else if AttributeList.equal(name, "sourceName") || AttributeList.equal(name, "source") {
                        source = value
                    } else if AttributeList.equal(name, "sourceVersion") {
                        sourceVersion = value
                    } else {
                        others.append(i)
                    }
                case UInt8(ascii: "e") where AttributeList.equal(name, "endDate"): endDate = value
                case UInt8(ascii: "c") where AttributeList.equal(name, "creationDate"): creationDate = value
                case UInt8(ascii: "d") where AttributeList.equal(name, "device"): device = value
                case UInt8(ascii: "u") where AttributeList.equal(name, "unit"): unit = value
                case UInt8(ascii: "v") where AttributeList.equal(name, "value"): self.value = value
                default: others.append(i)
                }
            }
        }
    }

    /// Builds the header shared by sample elements; `nil` (and counted as invalid) when a date is missing or bad.
    func header(_ attributes: SampleAttributes, type: String, element: String) -> SampleHeader? {
        guard let startBytes = attributes.startDate else {
            invalid(type, "\(element) has no startDate")
            return nil
        }
        guard let start = date(startBytes, "startDate", type: type),
            let end = date(attributes.endDate ?? startBytes, "endDate", type: type)
        else { return nil }
        var creation: ExportTimestamp?
        if let creationBytes = attributes.creationDate {
            guard let parsed = date(creationBytes, "creationDate", type: type) else { return nil }
            creation = parsed
        }
        return SampleHeader(
            type: type,
            sourceName: attributes.source.map(string) ?? "",
            sourceVersion: attributes.sourceVersion.map(string),
            device: attributes.device.map(device),
            creationDate: creation,
            startDate: start,
            endDate: end)
    }

    func startSample(_ attributes: AttributeList) {
        let parsed = SampleAttributes(attributes)
        guard let typeBytes = parsed.type else {
            invalid("Record", "Record has no type")
            return skipCurrent()
        }
        let (type, typeID) = types.intern(typeBytes)
        let kind = SampleKinds.kind(of: type)
        guard let header = header(parsed, type: type, element: "Record") else { return skipCurrent() }
        // Members of a correlation are kept whole; the correlation itself is what a plan selects.
        if stack.count == 2 || stack[stack.count - 2] == .workout {
            guard admits(kind: kind, type: type, typeID: typeID, start: header.startDate) else { return skipCurrent() }
        }
        let unit = parsed.unit.map(string)
        var value: Double?
        var valueText: String?
        if let written = parsed.value {
            if let number = NumberParser.parseDouble(written) {
                value = number
            } else if written.count > 0 {
                valueText = string(written)
            }
        }
        var metadata: [MetadataEntry] = []
        for index in parsed.others {
            metadata.append(
                MetadataEntry(key: String(cString: attributes.name(index)), value: string(attributes.value(index))))
        }
        // Made in place: a local sample assigned here was copied field by field, then released.
        sample = QuantitySample(header: header, value: value, unit: unit, valueText: valueText, metadata: metadata)
        sampleKind = kind == .weight && !UnitConversion.isWeight(value: value, unit: unit) ? .quantity : kind
        beatTimes = nil
    }

    func addBeat(_ attributes: AttributeList) {
        guard let header = sample?.header else { return }
        var bpm: Double?
        var time: UnsafeRawBufferPointer?
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            if AttributeList.equal(name, "bpm") {
                bpm = NumberParser.parseDouble(attributes.value(i))
            } else if AttributeList.equal(name, "time") {
                time = attributes.value(i)
            }
        }
        guard let bpm, let time else { return }
        let written = String(decoding: time, as: UTF8.self)
        var instant: Int64?
        if let millis = TimeOfDayParser.millisecondsSinceMidnight(time) {
            var times = beatTimes ?? BeatTimes(start: header.startDate, end: header.endDate)
            instant = times.instant(timeOfDay: millis)
            beatTimes = times
        }
        sample!.beats.append(
            Heartbeat(
                bpm: bpm, millisecondsSince1970: instant, offsetMinutes: header.startDate.offsetMinutes,
                writtenTime: written))
    }

    func finishSample() throws {
        guard let pending = sample.take() else { return }
        // Made as the record it is: a member made first and turned into a record copied every
        // field of the sample, and a sample outside a correlation is the rule.
        let record = SampleKinds.record(from: pending, kind: sampleKind)
        if stack.last == .correlation {
            if let member = CorrelationMember(record) { correlation?.members.append(member) }
            return
        }
        try sink(record)
    }

    func startCorrelation(_ attributes: AttributeList) {
        let parsed = SampleAttributes(attributes)
        guard let typeBytes = parsed.type else {
            invalid("Correlation", "Correlation has no type")
            return skipCurrent()
        }
        let type = types.intern(typeBytes).string
        guard let header = header(parsed, type: type, element: "Correlation") else { return skipCurrent() }
        correlation = Correlation(header: header)
    }

    func finishCorrelation() throws {
        guard let finished = correlation.take() else { return }
        try sink(.correlation(finished))
    }
}

/// Which typed kind a `Record` becomes, and the names of old numeric category values.
enum SampleKinds {
    static func kind(of type: String) -> RecordKind {
        if type.hasPrefix("HKCategoryTypeIdentifier") { return .category }
        if type == "HKQuantityTypeIdentifierBodyMass" { return .weight }
        return .quantity
    }

    /// The record `sample` becomes as a record of `kind`: taken whole, a quantity sample moves
    /// into its record.
    static func record(from sample: consuming QuantitySample, kind: RecordKind) -> HealthRecord {
        switch kind {
        case .weight:
            let value = sample.value!
            let kilograms = UnitConversion.kilograms(value, unit: sample.unit)!
            return .weight(
                WeightSample(
                    header: sample.header, kilograms: kilograms, value: value, unit: sample.unit ?? "kg",
                    metadata: sample.metadata))
        case .category:
            var raw = sample.value.flatMap { $0 == $0.rounded() ? Int($0) : nil }
            // iOS 8 left out a value of 0: sleep without one is in bed (every later export writes its name).
            if raw == nil, sample.valueText == nil, sample.header.type == "HKCategoryTypeIdentifierSleepAnalysis" {
                raw = 0
            }
            let name = raw.map { categoryName(type: sample.header.type, raw: $0) } ?? sample.valueText
            return .category(
                CategorySample(header: sample.header, value: name, rawValue: raw, metadata: sample.metadata))
        default:
            // iOS 8 wrote some samples as aggregates (`min`, `max`, `average`, `recordCount`)
            // without a value: their average is the value, as statistics and FHIR read it.
            if sample.value == nil, sample.valueText == nil,
                let average = sample.metadata.first(where: { $0.key == "average" }).flatMap({ Double($0.value) }),
                average.isFinite
            {
                sample.value = average
            }
            return .quantity(sample)
        }
    }

    /// Names for the numeric category values that iOS 8 to 12 exports wrote.
    static func categoryName(type: String, raw: Int) -> String {
        let names: [String]
        switch type {
        case "HKCategoryTypeIdentifierSleepAnalysis":
            names = [
                "HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepUnspecified",
                "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleepCore",
                "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
            ]
        case "HKCategoryTypeIdentifierAppleStandHour":
            names = ["HKCategoryValueAppleStandHourStood", "HKCategoryValueAppleStandHourIdle"]
        case "HKCategoryTypeIdentifierCervicalMucusQuality":
            names = [
                "", "HKCategoryValueCervicalMucusQualityDry", "HKCategoryValueCervicalMucusQualitySticky",
                "HKCategoryValueCervicalMucusQualityCreamy", "HKCategoryValueCervicalMucusQualityWatery",
                "HKCategoryValueCervicalMucusQualityEggWhite",
            ]
        case "HKCategoryTypeIdentifierMenstrualFlow":
            names = [
                "", "HKCategoryValueMenstrualFlowUnspecified", "HKCategoryValueMenstrualFlowLight",
                "HKCategoryValueMenstrualFlowMedium", "HKCategoryValueMenstrualFlowHeavy",
                "HKCategoryValueMenstrualFlowNone",
            ]
        case "HKCategoryTypeIdentifierOvulationTestResult":
            names = [
                "", "HKCategoryValueOvulationTestResultNegative",
                "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge",
                "HKCategoryValueOvulationTestResultIndeterminate", "HKCategoryValueOvulationTestResultEstrogenSurge",
            ]
        default:
            // Other categories are "not applicable" (0) or a severity/presence scale that has no single name.
            return String(raw)
        }
        guard raw >= 0, raw < names.count, !names[raw].isEmpty else { return String(raw) }
        return names[raw]
    }
}
