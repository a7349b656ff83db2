import HealthCore

extension JSONBuffer {
    /// Writes one type's counts as an object, keys in a fixed order; with `includingRead`, the
    /// records read come first (the `--json` report), without it they are left out (the stores'
    /// import logs, where they add up from the rest).
    public mutating func counts(_ count: TypeCounts, includingRead: Bool) {
        beginObject()
        if includingRead { field("read", count.read) }
        field("new", count.new)
        field("updated", count.updated)
        field("deleted", count.deleted)
        field("alreadyImported", count.alreadyImported)
        field("repeated", count.repeated)
        field("outsideWindow", count.outsideWindow)
        field("invalid", count.invalid)
        endObject()
    }

    /// Writes counts per type as one object, types in sorted order.
    public mutating func countsByType(_ counts: [String: TypeCounts], includingRead: Bool) {
        beginObject()
        for (type, count) in counts.sorted(by: { $0.key < $1.key }) {
            key(type)
            self.counts(count, includingRead: includingRead)
        }
        endObject()
    }
}
