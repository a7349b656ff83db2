import ArgumentParser
import Dispatch
import HealthMCP
import HealthQuery

/// `healthimport mcp`: a Model Context Protocol server over standard input and output.
struct MCPServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store read-only over the Model Context Protocol (stdio), for assistants.",
        discussion: """
            Speaks JSON-RPC on standard input and output until standard input closes. Tools: \
            list_types, list_sources, query_statistics, get_records (paginated), get_status; \
            resources: the store's schema. The store is opened read-only and no SQL from the client \
            is run.
            """
    )

    @OptionGroup var store: StoreOptions

    func run() throws {
        try CommandRunner.run {
            Interrupt.endAtOnce()
            try store.requireSQLite("mcp")
            let reader = try StoreReader(path: store.db)
            let server = HealthMCPServer(reader: reader, version: HealthImportCommand.configuration.version)
            let finished = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var failure: (any Error)?
            Task {
                do {
                    try await server.run()
                } catch {
                    failure = error
                }
                finished.signal()
            }
            finished.wait()
            if let failure { throw CommandFailure("mcp: \(failure)") }
        }
    }
}
