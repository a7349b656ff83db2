#if PostgreSQL
import Foundation
import HealthFixtures

/// A webhook receiver on 127.0.0.1 (Python's http.server): records every POST's headers and
/// body as a JSON line, answering 503 until ``accept()`` and 204 after.
final class WebhookReceiver: @unchecked Sendable {
    let process = Process()
    let folder = NSTemporaryDirectory() + "healthimport-hooks-" + UUID().uuidString
    private(set) var port = 0

    static let script = """
        import http.server, json, os, sys
        folder = sys.argv[1]
        class Hook(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
                accepted = os.path.exists(os.path.join(folder, "accept"))
                record = {"id": self.headers.get("webhook-id"), "timestamp": self.headers.get("webhook-timestamp"),
                          "signature": self.headers.get("webhook-signature"), "path": self.path, "body": body,
                          "agent": self.headers.get("User-Agent"),
                          "status": 204 if accepted else 503}
                with open(os.path.join(folder, "log"), "a") as log:
                    log.write(json.dumps(record) + "\\n")
                self.send_response(record["status"])
                self.send_header("Content-Length", "0")
                self.end_headers()
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
        with open(os.path.join(folder, "port.tmp"), "w") as f:
            f.write(str(server.server_address[1]))
        os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
        server.serve_forever()
        """

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: TestPython.path ?? "/usr/bin/python3")
        process.arguments = ["-c", Self.script, folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where port == 0 {
            if let text = try? String(contentsOfFile: folder + "/port", encoding: .utf8) { port = Int(text) ?? 0 }
            if port == 0 { usleep(50_000) }
        }
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Answers 204 from now on.
    func accept() { _ = FileManager.default.createFile(atPath: folder + "/accept", contents: Data()) }

    /// The requests so far, each a dictionary of `id`, `timestamp`, `signature`, `body`, `status`.
    var requests: [[String: Any]] {
        let text = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits up to `seconds` for a request that `matches`.
    func wait(seconds: Double, until matches: ([[String: Any]]) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if matches(requests) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return matches(requests)
    }

    /// The path of the request log, for an independent check.
    var logPath: String { folder + "/log" }

    deinit {
        // SIGKILL: a child of the test process may start with SIGTERM blocked.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
#endif
