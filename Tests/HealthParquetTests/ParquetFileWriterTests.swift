import Foundation
import HealthFixtures
import Testing

@testable import HealthParquet

@Suite("Parquet files read back by pyarrow and DuckDB")
struct ParquetFileWriterTests {
    static let columns: [ParquetColumn] = [
        .uuid("id"),
        .string("kind", nullable: false),
        .string("note", dictionary: false),
        .timestamp("instant"),
        .int32("offset_minutes"),
        .double("value"),
        .int64("count", nullable: true),
        .date("day"),
    ]

    /// Writes `rows` rows in row groups of `groupRows`, and returns the file's path.
    static func write(rows: Int, groupRows: Int) throws -> String {
        let path = NSTemporaryDirectory() + "parquet-test-\(UUID().uuidString).parquet"
        let file = try ParquetFileWriter(path: path, columns: columns, rowGroupRows: groupRows)
        for row in 0..<rows {
            file.column(0).append(high: UInt64(row), low: 0x0123_4567_89AB_CDEF)
            file.column(1).append(["walk", "run", "swim"][row % 3])
            file.column(2).append(row % 5 == 0 ? nil : "note \(row)")
            file.column(3).append(Int64(1_700_000_000_000_000) + Int64(row) * 1_000_000)
            file.column(4).append(Int32(row % 2 == 0 ? 60 : -300))
            file.column(5).append(row % 7 == 0 ? nil : Double(row) / 4)
            file.column(6).append(row % 3 == 0 ? nil : Int64(row))
            file.column(7).append(Int32(19_000 + row / 1000))
            try file.endRow()
        }
        try file.close()
        return path
    }

    @Test("a file of many pages and row groups reads back with its types, nulls and values")
    func pyarrowReadsEveryColumn() throws {
        try #require(TestPython.enabled, Comment(rawValue: TestPython.skipReason))
        let rows = 250_000
        let path = try Self.write(rows: rows, groupRows: 100_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, uuid, pyarrow.parquet as pq
            meta = pq.ParquetFile(sys.argv[1]).metadata
            table = pq.read_table(sys.argv[1])
            print(meta.num_rows, meta.num_row_groups)
            for field in table.schema: print(field.name, field.type, field.nullable)
            col = lambda name: table.column(name).to_pylist()
            ids = col('id')
            print(ids[3] == uuid.UUID('00000000-0000-0003-0123-456789abcdef'))
            print(col('kind')[:4], sum(x is None for x in col('note')), col('note')[1])
            print(table.column('instant')[1].as_py().isoformat(), sum(col('offset_minutes')))
            print(sum(v for v in col('value') if v is not None), sum(v for v in col('count') if v is not None))
            print(col('day')[0], col('day')[-1])
            rg = meta.row_group(0)
            print(rg.column(1).compression, sorted(set(rg.column(1).encodings)))
            """
        let output = try TestPython.run(script, [path]).split(separator: "\n").map(String.init)
        let nonNullValues = (0..<rows).filter { $0 % 7 != 0 }.reduce(0.0) { $0 + Double($1) / 4 }
        let counts = (0..<rows).filter { $0 % 3 != 0 }.reduce(0, +)
        #expect(
            output == [
                "\(rows) 3",
                "id extension<arrow.uuid> False",
                "kind string False",
                "note string True",
                "instant timestamp[us, tz=UTC] False",
                "offset_minutes int32 False",
                "value double True",
                "count int64 True",
                "day date32[day] False",
                "True",
                "['walk', 'run', 'swim', 'walk'] 50000 note 1",
                "2023-11-14T22:13:21+00:00 -30000000",
                "\(nonNullValues) \(counts)",
                "2022-01-08 2022-09-14",
                "ZSTD ['PLAIN', 'RLE', 'RLE_DICTIONARY']",
            ])
    }

    @Test("DuckDB reads the same file and sees UUIDs, UTC timestamps and every row")
    func duckdbReadsTheFile() throws {
        try #require(TestPython.enabled, Comment(rawValue: TestPython.skipReason))
        let path = try Self.write(rows: 70_000, groupRows: 1_000_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, duckdb
            con = duckdb.connect()
            con.execute("SET TimeZone = 'UTC'")
            f = sys.argv[1]
            print(con.execute(f"SELECT count(*), count(note), count(DISTINCT kind) FROM read_parquet('{f}')").fetchone())
            print(con.execute(f"SELECT typeof(id), typeof(instant), typeof(day) FROM read_parquet('{f}') LIMIT 1").fetchone())
            print(con.execute(f"SELECT id::VARCHAR FROM read_parquet('{f}') WHERE count = 2").fetchone()[0])
            print(con.execute(f"SELECT kind, count(*) FROM read_parquet('{f}') GROUP BY kind ORDER BY kind").fetchall())
            """
        let output = try TestPython.run(script, [path]).split(separator: "\n").map(String.init)
        #expect(
            output == [
                "(70000, 56000, 3)",
                "('UUID', 'TIMESTAMP WITH TIME ZONE', 'DATE')",
                "00000000-0000-0002-0123-456789abcdef",
                "[('run', 23333), ('swim', 23333), ('walk', 23334)]",
            ])
    }

    @Test("an unwritable path is one clear error naming it")
    func unwritablePath() {
        #expect(throws: ParquetError.self) {
            _ = try ParquetFileWriter(path: "/nonexistent-folder/x.parquet", columns: Self.columns)
        }
    }
}
