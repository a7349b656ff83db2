/// What a store holds for one record type.
public struct TypeStatus: Sendable, Equatable {
    /// The type identifier.
    public var type: String
    /// Rows stored.
    public var rows: Int
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
