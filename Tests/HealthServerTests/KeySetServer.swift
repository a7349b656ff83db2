#if PostgreSQL
import Foundation
import HealthFixtures

/// An issuer's `jwks_uri` on 127.0.0.1 (Python's http.server): answers `GET /jwks.json` with
/// the file ``keySet`` writes, counting the requests.
final class KeySetServer: @unchecked Sendable {
    let process = Process()
    let folder = NSTemporaryDirectory() + "healthimport-jwks-" + UUID().uuidString
    private(set) var port = 0

    static let script = """
        import http.server, os, sys
        folder = sys.argv[1]
        class KeySet(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with open(os.path.join(folder, "fetches"), "a") as log:
                    log.write(self.path + "\\n")
                with open(os.path.join(folder, "jwks.json"), "rb") as f:
                    body = f.read()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), KeySet)
        with open(os.path.join(folder, "port.tmp"), "w") as f:
            f.write(str(server.server_address[1]))
        os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
        server.serve_forever()
        """

    init(keySet: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.keySet(keySet)
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

    var url: String { "http://127.0.0.1:\(port)/jwks.json" }

    /// Serves `json` from now on.
    func keySet(_ json: String) {
        _ = FileManager.default.createFile(atPath: folder + "/jwks.json", contents: Data(json.utf8))
    }

    /// How many times the key set was fetched.
    var fetches: Int {
        ((try? String(contentsOfFile: folder + "/fetches", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
#endif
