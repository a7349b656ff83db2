import Foundation
import Testing

/// `stats` refuses a range with no day in it as a usage error, before it opens any store.
@Suite struct StatsOptionsTests {
    @Test("--until before --since is a usage error naming both; the same day is a range of one day")
    func emptyRange() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reversed = try CLI.run(
            ["stats", "--type", "steps", "--since", "2025-06-01", "--until", "2025-05-01", "--db", "none.sqlite"],
            directory: folder)
        #expect(reversed.status == 64)
        #expect(reversed.stderr.contains("--until 2025-05-01 is before --since 2025-06-01"), "\(reversed.stderr)")
        let oneDay = try CLI.run(
            ["stats", "--type", "steps", "--since", "2025-06-01", "--until", "2025-06-01", "--db", "none.sqlite"],
            directory: folder)
        #expect(oneDay.status == 1)
        #expect(oneDay.stderr.contains("none.sqlite does not exist"), "\(oneDay.stderr)")
    }
}
