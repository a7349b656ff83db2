import Foundation

extension ReadReport {
    /// Adds what one segment of a segmented read counted, the segments taken in file order, so
    /// the sum is the report of a one-parser read: counts add up, the first invalid examples and
    /// warnings are kept in order, and an `ExportDate` or `Me` read later replaces earlier facts.
    mutating func add(_ segment: SegmentParser.Outcome) {
        let other = segment.report
        if segment.wroteExportDate { facts.exportDate = other.facts.exportDate }
        if segment.wroteProfile { facts.profile = other.facts.profile }
        // The root's locale, when a read on one parser from the start reads the root tag after its first segment.
        if facts.locale == nil { facts.locale = other.facts.locale }
        elementsRead += other.elementsRead
        notSelected += other.notSelected
        outsideWindow.merge(other.outsideWindow, uniquingKeysWith: +)
        invalidCounts.merge(other.invalidCounts, uniquingKeysWith: +)
        unknownElements.merge(other.unknownElements, uniquingKeysWith: +)
        invalidExamples.append(contentsOf: other.invalidExamples.prefix(10 - invalidExamples.count))
        for warning in other.warnings { warn(warning) }
        warningsNotKept += other.warningsNotKept
    }
}

/// A read's plan asked from either parser's thread: each type is decided once, under a lock,
/// so the reader's plan closure is never called from two threads at once.
final class SharedPlan: Sendable {
    private let state: Locked<(plan: (RecordKind, String) -> TypePlan, decided: [String: TypePlan])>

    init(_ plan: @escaping (RecordKind, String) -> TypePlan) {
        state = Locked((plan, [:]))
    }

    /// The plan for `type`, as the first parser to meet it asked for it.
    func callAsFunction(_ kind: RecordKind, _ type: String) -> TypePlan {
        state.withLock { state in
            if let known = state.decided[type] { return known }
            let decision = state.plan(kind, type)
            state.decided[type] = decision
            return decision
        }
    }
}
