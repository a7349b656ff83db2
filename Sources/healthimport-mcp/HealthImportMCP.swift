import HealthCore
import HealthMCP
import HealthQuery

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `healthimport-mcp --db PATH`: the Model Context Protocol server that `healthimport mcp` runs.
///
/// It is a program of its own because the MCP library brings Foundation's networking (libcurl
/// and the TLS libraries it loads) into whatever links it: in `healthimport` itself they added
/// to every command's memory and start, though only this server uses them.
@main
enum HealthImportMCP {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2, arguments[0] == "--db" else {
            fail("usage: healthimport-mcp --db PATH (run as healthimport mcp --db PATH)", code: 64)
        }
        do {
            let reader = try StoreReader(path: arguments[1])
            try await HealthMCPServer(reader: reader, version: HealthImportVersion.current).run()
        } catch let error as StoreError {
            fail("healthimport: error: \(error.message)", code: 1)
        } catch {
            fail("healthimport: error: mcp: \(error)", code: 1)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        let line = message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(code)
    }
}
