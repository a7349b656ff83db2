import HealthParquet

extension ParquetTable {
    /// `daily_statistics`: per type and local day, the Health app's figure (`stats`): a total
    /// for cumulative types, an average with its range for the others.
    public static let dailyStatistics = ParquetTable(
        "daily_statistics",
        [
            .string("type", nullable: false), .date("day"), .double("value", nullable: false), .double("minimum"),
            .double("maximum"), .int64("samples", nullable: true), .string("unit"),
        ])

    /// `sleep_nights`: per night (noon to noon, named by the day it began), minutes per stage.
    public static let sleepNights = ParquetTable(
        "sleep_nights",
        [
            .date("night"), .double("asleep_minutes", nullable: false), .double("in_bed_minutes"),
            .double("awake_minutes"), .double("core_minutes"), .double("deep_minutes"), .double("rem_minutes"),
            .double("unspecified_minutes"),
        ])

    /// The tables only a store has, beside ``recordTables``.
    public static let storeTables: [ParquetTable] = [dailyStatistics, sleepNights]
}
