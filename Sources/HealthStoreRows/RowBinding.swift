import HealthCore
import HealthExport
import HealthJSON

/// Where a store binds one row's values, column by column in the table's order: the SQLite
/// store's prepared statement, the PostgreSQL store's `COPY` buffer. ``RecordRows`` binds the
/// rows both stores keep alike through it, so that their columns are written once.
public protocol RowBinding: AnyObject {
    /// A text column; NULL for `nil`.
    func text(_ value: String?)
    /// A record's ID, as text in its canonical form.
    func id(_ value: RecordID)
    /// An integer column; NULL for `nil`.
    func integer(_ value: Int64?)
    /// A real column; NULL for `nil` (and NaN).
    func real(_ value: Double?)
    /// Two columns: the ISO 8601 text with the written offset, and UTC seconds; both NULL for `nil`.
    func timestamp(_ value: ExportTimestamp?)
    /// A JSON column; NULL when `build` writes nothing.
    func json(_ build: (inout JSONBuffer) -> Void)
}

extension RowBinding {
    /// An integer column; NULL for `nil`.
    @inlinable
    public func integer(_ value: Int?) {
        integer(value.map(Int64.init))
    }
}
