import HealthStatistics

/// Lines of statistics as an aligned table, CSV with a header, or JSON lines.
struct StatisticsTable {
    enum Format { case table, csv, json }

    let format: Format
    private(set) var text = ""

    init(format: Format) {
        self.format = format
    }

    /// Adds a block of lines sharing `keys`.
    mutating func add(keys: [String], rows: [[StatisticsOutput.Value]]) {
        switch format {
        case .json:
            for row in rows { text += StatisticsOutput.jsonLine(keys: keys, values: row) + "\n" }
        case .csv:
            text += StatisticsOutput.csvLine(keys) + "\n"
            for row in rows { text += StatisticsOutput.csvLine(row.map(\.plain)) + "\n" }
        case .table:
            let cells = [keys] + rows.map { $0.map(\.plain) }
            var widths = [Int](repeating: 0, count: keys.count)
            for line in cells {
                for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
            }
            if !text.isEmpty { text += "\n" }
            for line in cells {
                let padded = line.enumerated().map { index, cell in
                    index == line.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
                }
                text += padded.joined(separator: "  ") + "\n"
            }
        }
    }
}
