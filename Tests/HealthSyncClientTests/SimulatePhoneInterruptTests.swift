#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `simulate-phone` stops on Ctrl-C while a request waits on a server that never answers.
@Suite
struct SimulatePhoneInterruptTests {
    @Test("Ctrl-C during a request that gets no answer stops simulate-phone within seconds, exit 130")
    func interruptWhileWaiting() throws {
        // A socket that listens and never accepts: the kernel completes the connection, the
        // request is sent, and no answer ever comes.
        let listener = try LoopbackSocket.open(listening: true)
        defer { close(listener.handle) }
        let port = listener.port

        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.healthimport)
        process.arguments = [
            "simulate-phone", SimulatePhoneTests.export, "--server", "http://127.0.0.1:\(port)", "--token", "t",
            "--speed", "0", "--all",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Long enough for the export to be read and the first request to wait on the socket.
        Thread.sleep(forTimeInterval: 3)
        try #require(process.isRunning, "simulate-phone ended before it was interrupted")
        let interrupted = Date()
        kill(process.processIdentifier, SIGINT)
        while process.isRunning, Date().timeIntervalSince(interrupted) < 15 { Thread.sleep(forTimeInterval: 0.05) }
        let waited = Date().timeIntervalSince(interrupted)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(waited < 5, "simulate-phone took \(waited) s to stop")
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(message)")
        #expect(message.contains("healthimport: interrupted"), "\(message)")
    }
}
#endif
