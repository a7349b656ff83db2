/// What a store holds for one record type.
public struct TypeStatus: Sendable, Equatable {
    /// The type identifier.
    public var type: String
    /// Current rows stored (not marked deleted or replaced).
    public var rows: Int
    /// Rows marked deleted (gone from a later export) or replaced (by a higher sync version).
    public var marked = 0
    /// The earliest start stored, ISO 8601 (UTC).
    public var firstStart: String?
    /// The latest start stored.
    public var lastStart: String?
    /// The type's anchor, if it has one.
    public var anchor: Anchor?
    /// When the import that last moved the anchor finished.
    public var lastImport: String?

    /// Creates a type's status.
    public init(
        type: String, rows: Int, firstStart: String? = nil, lastStart: String? = nil, anchor: Anchor? = nil,
        lastImport: String? = nil
    ) {
        self.type = type
        self.rows = rows
        self.firstStart = firstStart
        self.lastStart = lastStart
        self.anchor = anchor
        self.lastImport = lastImport
    }
}

extension TypeStatus {
    /// Adds the rows of the same type found in another table (a body mass sample in a unit that
    /// is not a mass is kept as a quantity, beside the weights): counts add up, dates widen.
    public mutating func merge(_ other: TypeStatus) {
        rows += other.rows
        marked += other.marked
        firstStart = [firstStart, other.firstStart].compactMap { $0 }.min()
        lastStart = [lastStart, other.lastStart].compactMap { $0 }.max()
    }
}

/// A store at a glance: per type, and the latest imports.
public struct StoreStatus: Sendable {
    /// Per type, sorted by type.
    public var types: [TypeStatus]
    /// The latest imports, newest first.
    public var imports: [ImportRecord]

    /// Creates a status.
    public init(types: [TypeStatus], imports: [ImportRecord]) {
        self.types = types
        self.imports = imports
    }
}
