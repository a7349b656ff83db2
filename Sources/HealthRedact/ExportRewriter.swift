import HealthCore
import HealthExport

/// Rewrites `export.xml` token by token: dates shifted in place, names, devices and identifiers
/// replaced, clinical records and unselected records left out, inline routes trimmed. Everything
/// else (the prolog with its DTD, attribute order, quotes, indentation) is written as it came.
final class ExportRewriter: MarkupRewriting {
    /// How much output is gathered before it is handed on.
    static let flushSize = 256 << 10

    private let names: Pseudonyms
    private let options: RedactOptions
    private let prolog: PrologRecorder
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var out: [UInt8] = []
    private var tag = StartTag()
    private var elements = NameTable(ExportElement.of)
    private var rules = NameTable(AttributeRule.of)

    private var prologDone = false
    private var depth = 0
    /// The depth of the element being left out, while inside it.
    private var skipDepth: Int?
    /// The current top-level element.
    private var topLevel = ExportElement.other
    private var windowFirst: ExportTimestamp?
    private var windowKnown = false

    /// The depth of the `WorkoutRoute` being written, while inside it, its item being gathered
    /// and whether that item is a `Location`.
    private var routeDepth: Int?
    private var routeItem: [UInt8] = []
    private var routeCoordinate: (latitude: Double, longitude: Double)?
    private var trimmer = RouteTrimmer()

    /// The route files the kept workouts name, in order, as the export names them.
    private(set) var routePaths: [String] = []
    private var routePathSet = Set<String>()
    private(set) var report = RedactReport()
    /// The export's date, as written (original), once read.
    private(set) var exportDate: ExportTimestamp?

    init(
        names: Pseudonyms, options: RedactOptions, prolog: PrologRecorder,
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.names = names
        self.options = options
        self.prolog = prolog
        self.write = write
        out.reserveCapacity(Self.flushSize + (64 << 10))
    }

    /// Hands on what is left; call after the last token.
    func finish() throws {
        guard prologDone else { throw ExportError(.malformed, "the export has no <HealthData> element") }
        report.inlinePointsDropped = trimmer.dropped
        try flush()
    }

    func handle(_ token: MarkupToken, _ bytes: UnsafeMutableRawBufferPointer, at offset: Int64) throws {
        if !prologDone {
            guard case .startTag = token else { return }
            // The prolog as the file has it, DTD and comments included.
            try prolog.take(upTo: offset) { out.append(contentsOf: $0) }
            prologDone = true
        }
        switch token {
        case .text:
            guard skipDepth == nil else { return }
            guard bytes.allSatisfy(StartTag.isSpace) else { return }
            emit(UnsafeRawBufferPointer(bytes))
        case .comment, .processingInstruction, .cdata, .doctype:
            if skipDepth == nil { report.commentsLeftOut += 1 }
        case .endTag:
            try endTag(bytes)
        case .startTag(let empty):
            try startTag(bytes, empty: empty, offset: offset)
        }
        if out.count >= Self.flushSize { try flush() }
    }

    private func flush() throws {
        guard !out.isEmpty else { return }
        try out.withUnsafeBytes { try write($0) }
        out.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) {
        if routeDepth != nil { routeItem.append(contentsOf: bytes) } else { out.append(contentsOf: bytes) }
    }

    private func endTag(_ bytes: UnsafeMutableRawBufferPointer) throws {
        defer { depth -= 1 }
        if let skip = skipDepth {
            if depth <= skip { skipDepth = nil }
            return
        }
        if let route = routeDepth {
            if depth == route + 1 {
                routeItem.append(contentsOf: bytes)
                finishRouteItem()
                return
            }
            if depth == route {
                let tail = routeItem
                routeDepth = nil
                routeItem = []
                trimmer.finish { out.append(contentsOf: $0) }
                out.append(contentsOf: tail)
            }
        }
        emit(UnsafeRawBufferPointer(bytes))
    }

    private func finishRouteItem() {
        let item = routeItem
        routeItem = []
        trimmer.add(item, coordinate: routeCoordinate) { out.append(contentsOf: $0) }
        routeCoordinate = nil
    }

    private func startTag(_ bytes: UnsafeMutableRawBufferPointer, empty: Bool, offset: Int64) throws {
        if skipDepth != nil {
            if !empty { depth += 1 }
            return
        }
        guard tag.parse(bytes) else {
            throw ExportError(.malformed, "a tag the redaction cannot read, at byte \(offset + 1)")
        }
        let element = elements.value(of: UnsafeRawBufferPointer(rebasing: bytes[tag.name]))
        if depth == 1 {
            topLevel = element
            if element == .exportDate, let value = tag.value("value", in: bytes) {
                exportDate = TimestampParser.parse(UnsafeRawBufferPointer(rebasing: bytes[value]))
            }
            if !selects(element, bytes) {
                if element == .clinicalRecord {
                    report.clinicalRecordsLeftOut += 1
                } else {
                    report.elementsNotSelected += 1
                }
                if !empty { skipDepth = depth + 1 }
                if !empty { depth += 1 }
                return
            }
            report.elementsWritten += 1
        }
        if element == .workoutRoute, topLevel == .workout,
            !options.selection.selects(kind: .route, type: RouteTrack.typeIdentifier)
        {
            if !empty {
                depth += 1
                skipDepth = depth
            }
            return
        }
        if let route = routeDepth, depth == route, element == .location {
            routeCoordinate = coordinate(bytes)
        }
        if element == .fileReference, topLevel == .workout, let path = tag.value("path", in: bytes) {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[path]), as: UTF8.self)
            if routePathSet.insert(text).inserted { routePaths.append(text) }
        }
        rewrite(bytes, element: element)
        if let route = routeDepth, depth == route, empty { finishRouteItem() }
        if !empty {
            depth += 1
            if element == .workoutRoute, routeDepth == nil { routeDepth = depth }
        }
    }

    /// Whether the top-level element in `bytes` (its tag parsed) is kept.
    private func selects(_ element: ExportElement, _ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        let selection = options.selection
        let kind: RecordKind
        var type = ""
        var startAttribute: StaticString = "startDate"
        func attribute(_ name: StaticString) -> String {
            tag.value(name, in: bytes).map {
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
            } ?? ""
        }
        switch element {
        case .exportDate, .me: return true
        case .clinicalRecord: return false
        case .record:
            type = attribute("type")
            kind =
                type.hasPrefix("HKCategoryTypeIdentifier")
                ? .category : type == "HKQuantityTypeIdentifierBodyMass" ? .weight : .quantity
        case .correlation:
            kind = .correlation
            type = attribute("type")
        case .workout:
            type = attribute("workoutActivityType")
            guard
                selection.selects(kind: .workout, type: type)
                    || selection.selects(kind: .route, type: RouteTrack.typeIdentifier)
            else { return false }
            return inWindow(bytes, startAttribute)
        case .activitySummary:
            kind = .activitySummary
            type = ActivitySummary.typeIdentifier
            startAttribute = "dateComponents"
        case .audiogram:
            kind = .audiogram
            type = attribute("type")
        case .visionPrescription:
            kind = .visionPrescription
            type = attribute("type")
            startAttribute = "dateIssued"
        default:
            guard selection.selectsEverything else { return false }
            return inWindow(bytes, startAttribute)
        }
        return selection.selects(kind: kind, type: type) && inWindow(bytes, startAttribute)
    }

    /// Whether the element starts inside the window (always, without a window).
    private func inWindow(_ bytes: UnsafeMutableRawBufferPointer, _ attribute: StaticString) -> Bool {
        guard let start = windowStart(), let range = tag.value(attribute, in: bytes) else { return true }
        let value = UnsafeRawBufferPointer(rebasing: bytes[range])
        if let instant = TimestampParser.parse(value) { return instant >= start }
        if let day = TimestampParser.parseDay(value) {
            let offset = Int64(exportDate?.offsetMinutes ?? 0) * 60
            return Int64(day.daysSince1970) * 86_400 - offset >= start.secondsSince1970
        }
        return true
    }

    /// The first instant kept, from the export's date once it is known.
    func windowStart() -> ExportTimestamp? {
        if !windowKnown {
            windowKnown = true
            windowFirst = options.window.start(exportDate: exportDate, now: .now)
        }
        return windowFirst
    }

    private func coordinate(_ bytes: UnsafeMutableRawBufferPointer) -> (latitude: Double, longitude: Double)? {
        guard let latitude = tag.value("latitude", in: bytes), let longitude = tag.value("longitude", in: bytes),
            let lat = NumberParser.parseDouble(UnsafeRawBufferPointer(rebasing: bytes[latitude])),
            let lon = NumberParser.parseDouble(UnsafeRawBufferPointer(rebasing: bytes[longitude]))
        else { return nil }
        return (lat, lon)
    }

    /// Writes the parsed start tag in `bytes` with its values redacted.
    private func rewrite(_ bytes: UnsafeMutableRawBufferPointer, element: ExportElement) {
        var cursor = 0
        func replace(_ range: Range<Int>, with replacement: [UInt8]) {
            emit(UnsafeRawBufferPointer(rebasing: bytes[cursor..<range.lowerBound]))
            replacement.withUnsafeBytes { emit($0) }
            cursor = range.upperBound
        }
        for attribute in tag.attributes {
            let valueRange = attribute.value
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueRange])
            let name = UnsafeRawBufferPointer(rebasing: bytes[attribute.name])
            var rule = rules.value(of: name)
            if rule == .value {
                switch element {
                case .exportDate: rule = .date
                case .metadataEntry: rule = .unknown
                default: rule = .keep
                }
            }
            if rule == .unknown, element != .metadataEntry, !Self.isHealthKitName(name),
                let renamed = names.replacingSources(in: name)
            {
                // An attribute name has no spaces: `Source_3_App_Version`.
                replace(attribute.name, with: renamed.map { $0 == 0x20 ? 0x5F : $0 })
            }
            switch rule {
            case .keep:
                if element == .metadataEntry, StartTag.equals(bytes, attribute.name, "key"),
                    !Self.isHealthKitName(value),
                    let renamed = names.replacingSources(in: value)
                {
                    replace(valueRange, with: renamed)
                }
            case .date, .path:
                names.shift.apply(UnsafeMutableRawBufferPointer(rebasing: bytes[valueRange]))
            case .source:
                replace(valueRange, with: names.source(value))
            case .device:
                replace(valueRange, with: names.device(value))
            case .birthDate:
                replace(valueRange, with: names.birthDate(value))
            case .identifier:
                if !value.isEmpty { replace(valueRange, with: names.hash.replacement(for: value)) }
            case .value, .unknown:
                let key: UnsafeRawBufferPointer
                if element == .metadataEntry, let keyRange = tag.value("key", in: bytes) {
                    key = UnsafeRawBufferPointer(rebasing: bytes[keyRange])
                } else {
                    key = name
                }
                switch ValueRules.verdict(key: key, value: value) {
                case .keep: break
                case .shiftDates: names.shift.apply(UnsafeMutableRawBufferPointer(rebasing: bytes[valueRange]))
                case .hash: replace(valueRange, with: names.hash.replacement(for: value))
                }
            }
        }
        emit(UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
    }

    /// `HK…`: HealthKit's own keys, which name no app.
    static func isHealthKitName(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x48 && bytes[1] == 0x4B
    }
}
