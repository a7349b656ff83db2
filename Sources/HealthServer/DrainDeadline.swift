#if PostgreSQL
import Foundation
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process when a graceful shutdown outlives its deadline: requests still waiting
/// then (on a database that does not answer, say) are cut off, so SIGTERM always stops the
/// server within `serve --drain-seconds`.
struct DrainDeadline: Service {
    var seconds: Int

    func run() async throws {
        // Returns once the group shuts down; the service ends there, the watch goes on.
        try? await gracefulShutdown()
        let seconds = self.seconds
        let watch = Thread {
            Thread.sleep(forTimeInterval: TimeInterval(seconds))
            let line = "healthimport: stopped after the drain deadline (\(seconds) s); running requests were cut off\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            _exit(0)
        }
        watch.name = "healthimport-drain"
        watch.start()
    }
}
#endif
