import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `healthimport mcp`: a Model Context Protocol server over standard input and output.
///
/// The server is `healthimport-mcp`, built and installed beside `healthimport`; this command
/// checks the options and becomes that program (`execv`), with the same standard input and output.
struct MCPServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store read-only over the Model Context Protocol (stdio), for assistants.",
        discussion: """
            Speaks JSON-RPC on standard input and output until standard input closes. Tools: \
            list_types, list_sources, query_statistics, get_records (paginated), get_status; \
            resources: the store's schema. The store is only read (an SQLite file, or a person's rows \
            of a PostgreSQL database) and no SQL from the client is run. The server is the program \
            healthimport-mcp, installed beside healthimport.
            """
    )

    /// The server's program name, looked for in the folder of the running `healthimport`.
    static let serverProgram = "healthimport-mcp"

    @OptionGroup var store: StoreOptions

    @Option(
        help: ArgumentHelp(
            "How long a tool call may wait for a PostgreSQL store before it answers with an error.",
            valueName: "seconds"))
    var timeout = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout takes a number of seconds above 0.") }
    }

    func run() throws {
        try CommandRunner.run {
            try store.requirePostgresForPerson()
            let server = try Self.serverPath()
            var arguments = [server, "--db", store.db, "--timeout", String(timeout)]
            if let person = store.person { arguments += ["--person", person] }
            var argv = arguments.map { strdup($0) } + [nil]
            execv(server, &argv)
            let reason = String(cString: strerror(errno))
            throw CommandFailure("mcp: cannot run \(server): \(reason)")
        }
    }

    /// The path of `healthimport-mcp` beside this program; fails when it is not there.
    static func serverPath() throws -> String {
        guard let own = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
            throw CommandFailure("mcp: cannot tell where healthimport is installed, to find \(serverProgram)")
        }
        let folder = own.deletingLastPathComponent()
        let server = folder.appendingPathComponent(serverProgram).path
        guard access(server, X_OK) == 0 else {
            throw CommandFailure(
                "mcp: \(serverProgram) is not in \(folder.path), beside healthimport: build it with swift build --product healthimport-mcp --traits MCP, or install both programs"
            )
        }
        return server
    }
}
