import HealthCore
import HealthExport

/// Samples' metadata rows held back, to be inserted in the order of the `metadata` table's key.
///
/// `metadata` is keyed by record UUID, which is a hash: rows inserted as their samples come land
/// on pages at random. Once the table outgrows the page cache, nearly every row read a page back
/// and wrote it out again, several times per transaction: most of what an import wrote was
/// `metadata`'s pages. Inserted in key order, a flush touches each page once.
///
/// The rows wait only within a transaction: the writer flushes them before it commits, and
/// before it deletes or rewrites a stored record's rows.
struct MetadataBuffer {
    /// One metadata row: its record, its place among the record's entries, the entry.
    struct Row {
        var owner: RecordID
        var position: Int32
        var entry: MetadataEntry
    }

    /// Rows at which ``isFull`` turns true by default: 56 bytes a row, the strings shared with
    /// the records, 3.7 MB in all. A Watch's export has about one samples' metadata row for
    /// every six records, so a full transaction's rows mostly fit before its commit.
    static let defaultCapacity = 65_536

    private(set) var rows: [Row] = []
    let capacity: Int

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = capacity
    }

    /// Whether the buffer is to be flushed before more rows come.
    var isFull: Bool { rows.count >= capacity }

    /// Holds back `entries`, the metadata of the record `owner`.
    mutating func append(_ entries: [MetadataEntry], owner: RecordID) {
        for (position, entry) in entries.enumerated() {
            rows.append(Row(owner: owner, position: Int32(position), entry: entry))
        }
    }

    /// Hands every row to `insert` in key order, then empties the buffer. Rows of one record
    /// keep their positions' order; the sort is stable, so two rows with one key (which the
    /// writer never holds) keep their arrival order, whose first `INSERT OR IGNORE` keeps.
    mutating func flush(_ insert: (Row) throws -> Void) rethrows {
        rows.sort { ($0.owner, $0.position) < ($1.owner, $1.position) }
        defer { rows = [] }
        for row in rows { try insert(row) }
    }
}
