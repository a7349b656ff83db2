import HealthExport

/// Which stretch of history an import or a `records` run takes, relative to the export's date.
public enum ImportWindow: Sendable, Equatable, CustomStringConvertible {
    /// The whole history.
    case all
    /// The last `n` days before the export's `ExportDate`.
    case days(Int)
    /// From midnight of a calendar day (in the export date's UTC offset) on.
    case since(CalendarDay)

    /// The default: the 30 days before the export's date.
    public static let standard = ImportWindow.days(30)

    /// The first instant inside the window, or `nil` for the whole history.
    ///
    /// Without an `ExportDate` (hand-made files), day counts run back from `now`.
    public func start(exportDate: ExportTimestamp?, now: ExportTimestamp) -> ExportTimestamp? {
        switch self {
        case .all:
            return nil
        case .days(let days):
            let end = exportDate ?? now
            return end.adding(seconds: -Int64(days) * 86_400)
        case .since(let day):
            let offset = exportDate?.offsetMinutes ?? now.offsetMinutes
            return ExportTimestamp(
                secondsSince1970: Int64(day.daysSince1970) * 86_400 - Int64(offset) * 60, offsetMinutes: offset)
        }
    }

    public var description: String {
        switch self {
        case .all: "all"
        case .days(let days): "last \(days) days"
        case .since(let day): "since \(day.iso8601)"
        }
    }
}
