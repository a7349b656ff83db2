#if MCP
import HealthCore
import HealthMCP
import HealthQuery
#endif

#if PostgreSQL
import HealthQueryPostgres
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if MCP
/// `healthimport-mcp --db PATH-OR-URL [--person NAME]`: the Model Context Protocol server that
/// `healthimport mcp` runs.
///
/// It is a program of its own because the MCP library brings Foundation's networking (libcurl
/// and the TLS libraries it loads) into whatever links it: in `healthimport` itself they added
/// to every command's memory and start, though only this server uses them.
@main
enum HealthImportMCP {
    static let usage =
        "usage: healthimport-mcp --db PATH-OR-URL [--person NAME] [--timeout SECONDS] (run as healthimport mcp --db PATH-OR-URL)"

    static func main() async {
        var options: [String: String] = [:]
        var arguments = Array(CommandLine.arguments.dropFirst())[...]
        while let name = arguments.popFirst() {
            guard ["--db", "--person", "--timeout"].contains(name), options[name] == nil,
                let value = arguments.popFirst()
            else {
                fail(usage, code: 64)
            }
            options[name] = value
        }
        guard let db = options["--db"] else { fail(usage, code: 64) }
        let timeout = options["--timeout"].map { Int($0) } ?? 30
        guard let timeout, timeout > 0 else { fail(usage, code: 64) }
        do {
            let reader = try await open(db, person: options["--person"], timeout: timeout)
            try await HealthMCPServer(reader: reader, version: HealthImportVersion.current).run()
        } catch let error as StoreError {
            // As every command: 69 for a database that cannot be reached, 75 for a locked store.
            fail(
                "healthimport: error: \(error.message)",
                code: error.code == .unavailable ? 69 : error.code == .locked ? 75 : 1)
        } catch {
            fail("healthimport: error: mcp: \(error)", code: 1)
        }
    }

    /// The reader of an SQLite file, or of `person`'s rows (default `me`) of a PostgreSQL database,
    /// whose every answer comes within `timeout` seconds.
    static func open(_ db: String, person: String?, timeout: Int) async throws -> any StoreReading {
        guard db.hasPrefix("postgresql://") || db.hasPrefix("postgres://") else {
            if let person, person != "me" {
                fail(
                    "healthimport: error: --person \(person) needs a PostgreSQL store (--db postgresql://...)", code: 64
                )
            }
            return try StoreReader(path: db)
        }
        #if PostgreSQL
        return try await PostgresStoreReader.open(url: db, person: person ?? "me", answerSeconds: timeout) { names in
            printError(
                "healthimport: updating the store to this version's layout (\(names.joined(separator: ", "))); a large store takes a while"
            )
        }
        #else
        fail(
            "healthimport: error: this healthimport was built without PostgreSQL: build it with `swift build -c release --traits PostgreSQL`",
            code: 64)
        #endif
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        printError(message)
        exit(code)
    }

    /// Prints `message` on standard error: standard output carries the protocol.
    private static func printError(_ message: String) {
        let line = message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}
#else
/// `healthimport-mcp` built without the MCP trait: it says how to build the server and fails.
@main
enum HealthImportMCP {
    static func main() {
        let line =
            "healthimport-mcp: built without the MCP server: build it with `swift build -c release --product healthimport-mcp --traits MCP`\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(69)
    }
}
#endif
