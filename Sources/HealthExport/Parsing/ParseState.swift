import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// All state of one parse. libxml2's callbacks recover it from their context pointer and call
/// its methods; the first error is stored, the parser stopped, and ``ExportReader`` throws it
/// once libxml2 returns.
///
/// One thread owns a parse and no access overlaps another, so the stored properties skip the
/// run-time exclusivity checks, which cost several percent of a parse.
final class ParseState {
    /// Takes each finished record; it owns it, so a sink that keeps records moves them, not copies.
    typealias Sink = (consuming HealthRecord) throws -> Void

    @exclusivity(unchecked) var parser: xmlParserCtxtPtr?
    let sink: Sink
    let plan: (RecordKind, String) -> TypePlan
    let displayName: String
    @exclusivity(unchecked) var report = ReadReport()
    @exclusivity(unchecked) var failure: (any Error)?

    // Strings that repeat across records are shared.
    let types = StringInterner(capacity: 2048)
    let strings = StringInterner(capacity: 4096)
    /// Devices by their description without its address (``DeviceParser/stableBytes(_:)``).
    let devices = StringInterner(capacity: 1024)
    @exclusivity(unchecked) var parsedDevices: [Int: Device] = [:]
    /// The last `device` attribute's bytes past its address, and what they parsed to.
    @exclusivity(unchecked) var lastDeviceBytes: [UInt8] = []
    @exclusivity(unchecked) var lastDevice: Device?
    @exclusivity(unchecked) var deviceGeneration = 0
    /// The day of the last sample date read (see ``TimestampDayCache``).
    @exclusivity(unchecked) var dayCache = TimestampDayCache()
    @exclusivity(unchecked) var plans: [Int: TypePlan] = [:]
    @exclusivity(unchecked) var planGeneration = 0

    // Where we are.
    @exclusivity(unchecked) var stack: [ElementName] = []
    /// While non-zero, elements deeper than this depth are ignored (a skipped or invalid record's children).
    @exclusivity(unchecked) var skipDepth = 0
    @exclusivity(unchecked) var factsDelivered = false
    /// Whether an `ExportDate` or `Me` element was read since these were last cleared: a segmented
    /// read takes those facts from the segment that wrote them last.
    @exclusivity(unchecked) var wroteExportDate = false
    @exclusivity(unchecked) var wroteProfile = false
    /// Whether one was read after the facts went out: a segmented read then leaves what follows
    /// to this parser, since later records may depend on them (a summary's offset does).
    @exclusivity(unchecked) var factsChangedLate = false

    // What is open.
    /// The `Record` being read, as a quantity sample until it ends: its attributes are in, its
    /// children may still come. Taken whole at its end, it moves into its record.
    @exclusivity(unchecked) var sample: QuantitySample?
    /// What the open `Record` becomes at its end.
    @exclusivity(unchecked) var sampleKind = RecordKind.quantity
    /// Resolves the open `Record`'s beat times against its interval; made at the first beat.
    @exclusivity(unchecked) var beatTimes: BeatTimes?
    @exclusivity(unchecked) var correlation: Correlation?
    @exclusivity(unchecked) var workout: Workout?
    @exclusivity(unchecked) var activityIndex: Int?
    @exclusivity(unchecked) var eventOwner: EventOwner?
    @exclusivity(unchecked) var routeIndex: Int?
    @exclusivity(unchecked) var audiogram: Audiogram?
    @exclusivity(unchecked) var vision: VisionPrescription?
    @exclusivity(unchecked) var currentLine = 0
    @exclusivity(unchecked) var sawRoot = false
    /// A type number for activity summaries, which have no type attribute; distinct from interned ones.
    let activitySummaryTypeID = -2
    /// Set while the last chunk is parsed, so that errors then read as a truncated file.
    @exclusivity(unchecked) var terminating = false
    /// What libxml2 said when the export's bytes failed to convert from their declared encoding.
    @exclusivity(unchecked) var conversionError: String?
    /// Whether the bytes handed to libxml2 so far end with a tag's `>` (spaces aside), so that
    /// a file cut inside a tag says so.
    @exclusivity(unchecked) var endsAfterTag = true

    enum EventOwner {
        case workout(Int)
        case activity(Int, Int)
    }

    init(displayName: String, plan: @escaping (RecordKind, String) -> TypePlan, sink: @escaping Sink) {
        self.displayName = displayName
        self.plan = plan
        self.sink = sink
        stack.reserveCapacity(16)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> ParseState {
        Unmanaged<ParseState>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The line of the record ``ScannedRecords`` hands over, while it does (0 otherwise): libxml2's
    /// line then stands where libxml2 last read.
    @exclusivity(unchecked) var scannedLine = 0

    /// Whether libxml2 and this state stand inside the root between two top-level elements, with
    /// no error and every byte handed to libxml2 read.
    var standsBetweenElements: Bool {
        guard let parser, failure == nil, stack.count == 1, skipDepth == 0,
            parser.pointee.instate == XML_PARSER_CONTENT, let input = parser.pointee.input
        else { return false }
        return input.pointee.cur == input.pointee.end
    }

    var lineNumber: Int {
        if scannedLine > 0 { return scannedLine }
        guard let parser else { return 0 }
        return Int(xmlSAX2GetLineNumber(parser))
    }

    // MARK: Callbacks

    func startElement(_ name: UnsafePointer<UInt8>, _ attributes: AttributeList) {
        let element = ElementName(name)
        let parent = stack.last
        stack.append(element)
        if skipDepth > 0 { return }
        do {
            switch parent {
            case nil:
                guard element == .healthData else {
                    throw ExportError(
                        .notAnExport,
                        "not a Health export: the root element is <\(String(cString: name))>, not <HealthData>",
                        path: displayName, line: lineNumber)
                }
                sawRoot = true
                if let locale = attributes.value(of: "locale") {
                    report.facts.locale = String(decoding: locale, as: UTF8.self)
                }
            case .healthData?:
                try startTopLevel(element, name, attributes)
            default:
                try startNested(element, parent: parent!, name, attributes)
            }
        } catch {
            fail(error)
        }
    }

    func endElement() {
        let element = stack.removeLast()
        if skipDepth > 0 {
            if stack.count < skipDepth { skipDepth = 0 }
            return
        }
        do {
            switch element {
            case .record: try finishSample()
            case .correlation: try finishCorrelation()
            case .workout: try finishWorkout()
            case .workoutActivity: activityIndex = nil
            case .workoutEvent: eventOwner = nil
            case .workoutRoute: routeIndex = nil
            case .audiogram: try finishAudiogram()
            case .visionPrescription: try finishVision()
            case .healthData: try deliverFactsIfNeeded()
            default: break
            }
        } catch {
            fail(error)
        }
    }

    /// Skips the element just opened and everything inside it.
    func skipCurrent() {
        skipDepth = stack.count
    }

    func fail(_ error: any Error) {
        if failure == nil { failure = error }
        if let parser { xmlStopParser(parser) }
    }

    /// Keeps the first message of an error libxml2 raised without its parser while parsing
    /// (see ``DelegateParser``): the export's bytes failed to convert from the encoding it declares.
    func noteConversionError(_ message: String) {
        if conversionError == nil { conversionError = message }
    }

    /// Fails where libxml2 stopped parsing without reporting an error to its callbacks, with
    /// the message kept by ``noteConversionError(_:)``.
    func failConversion() {
        fail(PushParser.conversionFailure(parser, input: "the export", message: conversionError, path: displayName))
    }

    // MARK: Top level

    private func startTopLevel(_ element: ElementName, _ name: UnsafePointer<UInt8>, _ attributes: AttributeList) throws
    {
        switch element {
        case .exportDate:
            if let value = attributes.value(of: "value") {
                wroteExportDate = true
                factsChangedLate = factsChangedLate || factsDelivered
                report.facts.exportDate = TimestampParser.parse(value)
                if report.facts.exportDate == nil {
                    warn("ExportDate \"\(String(decoding: value, as: UTF8.self))\" is not a date; the window ends now")
                }
            }
            return
        case .me:
            wroteProfile = true
            factsChangedLate = factsChangedLate || factsDelivered
            report.facts.profile = (0..<attributes.count).map { index in
                var key = String(cString: attributes.name(index))
                if key.hasPrefix("HKCharacteristicTypeIdentifier") {
                    key.removeFirst("HKCharacteristicTypeIdentifier".count)
                }
                let value = String(decoding: attributes.value(index), as: UTF8.self)
                return MetadataEntry(key: key, value: ProfileCodes.canonical(key: key, value: value))
            }
            return
        default:
            break
        }
        try deliverFactsIfNeeded()
        report.elementsRead += 1
        currentLine = lineNumber
        switch element {
        case .record: startSample(attributes)
        case .correlation: startCorrelation(attributes)
        case .workout: startWorkout(attributes)
        case .activitySummary: try readActivitySummary(attributes)
        case .clinicalRecord: try readClinicalRecord(attributes)
        case .audiogram: startAudiogram(attributes)
        case .visionPrescription: startVision(attributes)
        default:
            report.elementsRead -= 1
            countUnknown(name)
            skipCurrent()
        }
    }

    private func startNested(
        _ element: ElementName, parent: ElementName, _ name: UnsafePointer<UInt8>, _ attributes: AttributeList
    ) throws {
        switch (element, parent) {
        case (.metadataEntry, _): addMetadata(attributes, to: parent)
        case (.hrvList, .record): break
        case (.beat, .hrvList): addBeat(attributes)
        case (.record, .correlation), (.record, .workout):
            currentLine = lineNumber
            startSample(attributes)
        case (.workoutActivity, .workout): startWorkoutActivity(attributes)
        case (.workoutEvent, .workout), (.workoutEvent, .workoutActivity): addWorkoutEvent(attributes, in: parent)
        case (.workoutStatistics, .workout), (.workoutStatistics, .workoutActivity):
            addWorkoutStatistics(attributes, in: parent)
        case (.workoutRoute, .workout): startWorkoutRoute(attributes)
        case (.workoutZoneGroup, .workout): startWorkoutZoneGroup(attributes)
        case (.workoutZone, .workoutZoneGroup): addWorkoutZone(attributes)
        case (.fileReference, .workoutRoute): addFileReference(attributes)
        case (.location, .workoutRoute): addLocation(attributes)
        case (.sensitivityPoint, .audiogram): audiogram?.points.append(attributes.written())
        case (.rightEye, .visionPrescription): vision?.rightEye = attributes.written()
        case (.leftEye, .visionPrescription): vision?.leftEye = attributes.written()
        case (.attachment, .visionPrescription):
            if let identifier = attributes.value(of: "identifier") {
                vision?.attachments.append(String(decoding: identifier, as: UTF8.self))
            }
        default:
            countUnknown(name)
            skipCurrent()
        }
    }

    func deliverFactsIfNeeded() throws {
        guard !factsDelivered else { return }
        factsDelivered = true
        try sink(.export(report.facts))
    }

    func countUnknown(_ name: UnsafePointer<UInt8>) {
        report.unknownElements[String(cString: name), default: 0] += 1
    }

    func warn(_ message: String) {
        report.warn("\(displayName):\(lineNumber): warning: \(message)")
    }

    func invalid(_ type: String, _ reason: String) {
        report.invalidCounts[type, default: 0] += 1
        if report.invalidExamples.count < 10 {
            report.invalidExamples.append(InvalidRecord(type: type, line: currentLine, reason: reason))
        }
    }

    // MARK: Shared attribute helpers

    /// The plan for `type`, asked once per distinct type.
    func plan(for kind: RecordKind, type: String, id: Int) -> TypePlan {
        if planGeneration != types.generation {
            plans.removeAll(keepingCapacity: true)
            planGeneration = types.generation
        }
        if let known = plans[id] { return known }
        let decided = plan(kind, type)
        plans[id] = decided
        return decided
    }

    /// Whether a record of `type` starting at `start` is yielded; counts it when it is not.
    func admits(kind: RecordKind, type: String, typeID: Int, start: ExportTimestamp) -> Bool {
        report.admits(plan(for: kind, type: type, id: typeID), type: type, start: start)
    }

    /// The device a `device` attribute describes. Every lookup is keyed by the description
    /// without its memory address, which iOS 11 to 16 wrote afresh on nearly every record: a
    /// description that differs only there costs what a repeated one costs.
    func device(_ bytes: UnsafeRawBufferPointer) -> Device {
        let stable = DeviceParser.stableBytes(bytes)
        // Neighbouring records nearly always name the same device: compare with the last one
        // first, where it lies (binding the last pair to a constant copied its array and strings).
        if stable.count > 0, lastDeviceBytes.count == stable.count,
            lastDeviceBytes.withUnsafeBytes({ memcmp($0.baseAddress!, stable.baseAddress!, stable.count) == 0 }),
            let device = lastDevice
        {
            return device
        }
        let device = parsedDevice(stable)
        lastDeviceBytes.removeAll(keepingCapacity: true)
        lastDeviceBytes.append(contentsOf: stable)
        lastDevice = device
        return device
    }

    /// The device of a description without its address, parsed once per distinct one.
    private func parsedDevice(_ stableBytes: UnsafeRawBufferPointer) -> Device {
        let (stable, id) = devices.intern(stableBytes)
        if deviceGeneration != devices.generation {
            parsedDevices.removeAll(keepingCapacity: true)
            deviceGeneration = devices.generation
        }
        if let known = parsedDevices[id] { return known }
        let device = DeviceParser.parse(stable)
        parsedDevices[id] = device
        return device
    }

    @inline(__always)
    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        bytes.count <= 15 ? String(decoding: bytes, as: UTF8.self) : strings.intern(bytes).string
    }

    /// The date in `bytes`; when it is not one, counts the record as invalid and returns `nil`.
    func date(_ bytes: UnsafeRawBufferPointer, _ attribute: String, type: String) -> ExportTimestamp? {
        if let parsed = TimestampParser.parse(bytes, cache: &dayCache) { return parsed }
        invalid(type, "\(attribute) \"\(String(decoding: bytes, as: UTF8.self))\" is not a date")
        return nil
    }

    func measurement(_ value: UnsafeRawBufferPointer?, _ unit: UnsafeRawBufferPointer?) -> Measurement? {
        guard let value, let number = NumberParser.parseDouble(value) else { return nil }
        return Measurement(value: number, unit: unit.map(string))
    }

    func addMetadata(_ attributes: AttributeList, to parent: ElementName) {
        var key: UnsafeRawBufferPointer?
        var value: UnsafeRawBufferPointer?
        for i in 0..<attributes.count {
            let name = attributes.name(i)
            if AttributeList.equal(name, "key") {
                key = attributes.value(i)
            } else if AttributeList.equal(name, "value") {
                value = attributes.value(i)
            }
        }
        guard let key else { return }
        let entry = MetadataEntry(key: string(key), value: value.map(string) ?? "")
        switch parent {
        case .record: sample?.metadata.append(entry)
        case .correlation: correlation?.metadata.append(entry)
        case .workout: workout?.metadata.append(entry)
        case .workoutActivity:
            if let index = activityIndex { workout?.activities[index].metadata.append(entry) }
        case .workoutEvent:
            switch eventOwner {
            case .workout(let event)?: workout?.events[event].metadata.append(entry)
            case .activity(let activity, let event)?: workout?.activities[activity].events[event].metadata.append(entry)
            case nil: break
            }
        case .workoutRoute:
            if let index = routeIndex { workout?.routes[index].metadata.append(entry) }
        case .audiogram: audiogram?.metadata.append(entry)
        case .visionPrescription: vision?.metadata.append(entry)
        default: break
        }
    }
}
