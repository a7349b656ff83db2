import Foundation
import Testing

@testable import HealthExport

/// Foundation's file calls fail with its own words ("There isn’t enough space."), the C library's
/// calls with strerror's ("No space left on device"); every output must name a failure alike.
@Suite struct FileErrorWordingTests {
    /// Linux's device whose every write fails with `ENOSPC`.
    static let fullDevice = "/dev/full"

    @Test(
        "A full disk met by FileHandle is named as the C library names it",
        .enabled(if: FileManager.default.fileExists(atPath: fullDevice)))
    func fullDisk() throws {
        let handle = try #require(FileHandle(forWritingAtPath: Self.fullDevice))
        defer { try? handle.close() }
        let failure = #expect(throws: (any Error).self) {
            try handle.write(contentsOf: [UInt8](repeating: 1, count: 1 << 16))
        }
        let error = try #require(failure)
        #expect(SystemCall.describe(error, action: "cannot write X") == "cannot write X: No space left on device")
    }

    @Test("A missing folder met by Data.write is named as the C library names it")
    func missingFolder() throws {
        let path = NSTemporaryDirectory() + "no-such-folder-\(UUID().uuidString)/file"
        let failure = #expect(throws: (any Error).self) {
            try Data([1]).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        let error = try #require(failure)
        #expect(SystemCall.describe(error, action: "cannot write X") == "cannot write X: No such file or directory")
    }

    @Test("An error that is no system error keeps its own words")
    func otherError() {
        struct Refusal: LocalizedError { var errorDescription: String? { "refused by the test" } }
        #expect(SystemCall.describe(Refusal(), action: "cannot write X") == "cannot write X: refused by the test")
    }
}
