import Foundation
import Testing

@testable import HealthExport

@Suite struct WorkerThreadTests {
    /// The name the system gives the calling thread.
    static func systemName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .newlines)
    }

    @Test(
        "A worker thread carries its name to the system, cut to 15 bytes",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self/comm")))
    func namesSystemThread() {
        #expect(WorkerThread(name: "parser") { Self.systemName() }.join() == "parser")
        #expect(WorkerThread(name: "a-name-longer-than-15") { Self.systemName() }.join() == "a-name-longer-t")
    }
}
