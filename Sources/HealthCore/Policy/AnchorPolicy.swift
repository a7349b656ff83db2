import HealthExport

/// The incremental policy of `import` and `records --state`: per-type anchors on top of a window.
///
/// For each record of type T:
/// - T has no anchor: inside the run's window it is new, else outside the window.
/// - created after T's frontier (or at it, with an ID the boundary doesn't hold): new, whatever
///   its start — a late-synced sample or a weight typed in for last week is still taken.
/// - at or behind the frontier and starting inside T's covered window: already imported
///   (decided from the anchor alone, no database look-up).
/// - at or behind the frontier but older than the covered window: new when the run's window
///   reaches back to it (a backfill with `--all` or an earlier `--since`), else outside the window.
///
/// Anchored types read every record (``earliestStart(kind:type:)`` is `nil`), since a new
/// record may carry any start date. The policy also tracks, per type, the frontier of what it
/// passes on; ``advancedAnchors(updated:)`` gives the anchors to persist once the run completed.
/// Persist nothing mid-run: records arrive in no particular creation order.
public final class AnchorPolicy: ImportPolicy {
    /// The window asked for.
    public let window: ImportWindow
    /// Whether the user asked for the window (`--all`, `--days`, `--since`), which extends
    /// anchored types' coverage backwards; the default window does not.
    public let windowGiven: Bool
    /// The first instant of the run's window, once ``prepare(facts:)`` has run; `nil` for all.
    public private(set) var runStart: ExportTimestamp?
    private let now: ExportTimestamp
    /// The anchors the run started from; never changed, so the parsing thread may read it.
    private let anchors: [String: Anchor]
    /// Per-type state, on the thread that calls ``decide(_:id:)`` only.
    private var states: [String: TypeState] = [:]
    /// The type of the last record decided and its state: an export lists a type's records
    /// together, so most records skip the dictionary.
    @exclusivity(unchecked) private var lastType: String?
    @exclusivity(unchecked) private var lastState: TypeState?
    private var facts: ExportFacts?
    /// Hands on records imported before whose content can change (``RecordDecision/recheck``),
    /// for a store that compares them; `records --state` has nothing to compare with.
    public var recheckChangeable = false

    private final class TypeState {
        let anchor: Anchor?
        // Used on the deciding thread only, once per record.
        @exclusivity(unchecked) var newest: Int64?
        @exclusivity(unchecked) var boundary = Set<RecordID>()
        init(anchor: Anchor?) { self.anchor = anchor }

        func track(creation: Int64, id: RecordID) {
            if let newest, creation < newest { return }
            if creation != newest {
                newest = creation
                boundary.removeAll(keepingCapacity: true)
            }
            boundary.insert(id)
        }
    }

    /// A policy starting from `anchors` (by type), for `window`.
    public init(anchors: [String: Anchor], window: ImportWindow, windowGiven: Bool, now: ExportTimestamp = .now) {
        self.window = window
        self.windowGiven = windowGiven
        self.now = now
        self.anchors = anchors
        for (type, anchor) in anchors { states[type] = TypeState(anchor: anchor) }
    }

    public func prepare(facts: ExportFacts) {
        self.facts = facts
        runStart = window.start(exportDate: facts.exportDate, now: now)
    }

    public func earliestStart(kind: RecordKind, type: String) -> ExportTimestamp? {
        anchors[type] == nil ? runStart : nil
    }

    public func decide(_ record: HealthRecord, id: RecordID) -> RecordDecision {
        let type = record.type
        let state: TypeState
        if let lastState, type == lastType {
            state = lastState
        } else if let existing = states[type] {
            state = existing
        } else {
            state = TypeState(anchor: nil)
            states[type] = state
        }
        lastType = type
        lastState = state
        let start = record.start?.secondsSince1970
        let creation = record.creation?.secondsSince1970 ?? Int64.min
        let decision = Self.decide(
            anchor: state.anchor, start: start, creation: creation, id: id, runStart: runStart?.secondsSince1970,
            runTakesAll: runStart == nil)
        if decision != .outsideWindow { state.track(creation: creation, id: id) }
        if decision == .alreadyImported, recheckChangeable, CorrectionRules.mayChange(record) { return .recheck }
        return decision
    }

    /// The rule, on plain numbers (seconds since 1970 UTC).
    static func decide(
        anchor: Anchor?, start: Int64?, creation: Int64, id: RecordID, runStart: Int64?, runTakesAll: Bool
    ) -> RecordDecision {
        let inRunWindow = runTakesAll || start.map { $0 >= runStart! } ?? true
        guard let anchor else { return inRunWindow ? .new : .outsideWindow }
        guard anchor.isBehindFrontier(creation: creation, id: id) else { return .new }
        if start.map(anchor.covers) ?? true { return .alreadyImported }
        return inRunWindow ? .new : .outsideWindow
    }

    /// The anchors to persist after the run completed: every type the run stored or recognised,
    /// with its frontier moved forward and, for a window the user asked for, its coverage moved back.
    ///
    /// Types the run never met keep their anchors unchanged (they are not returned).
    public func advancedAnchors(updated: String?) -> [Anchor] {
        var result: [Anchor] = []
        for (type, state) in states.sorted(by: { $0.key < $1.key }) {
            guard let newest = state.newest else { continue }
            let runCovered = runStart?.secondsSince1970
            guard var anchor = state.anchor else {
                result.append(
                    Anchor(
                        type: type, newestCreation: newest, boundary: state.boundary, coveredStart: runCovered,
                        updated: updated))
                continue
            }
            if newest > anchor.newestCreation {
                anchor.newestCreation = newest
                anchor.boundary = state.boundary
            } else if newest == anchor.newestCreation {
                anchor.boundary.formUnion(state.boundary)
            }
            if windowGiven, let covered = anchor.coveredStart {
                anchor.coveredStart = runCovered.map { min($0, covered) }
            }
            anchor.updated = updated
            result.append(anchor)
        }
        return result
    }

    /// The export facts the run met, if any.
    public var exportFacts: ExportFacts? { facts }
}
