#if MCP
import Foundation
import HealthQuery
import MCP

/// A Model Context Protocol server over standard input and output, answering from a store opened
/// read-only: tools to list types and sources, query statistics, page through records and read
/// the status, and the schema as resources.
public struct HealthMCPServer: Sendable {
    /// The name announced to clients.
    public static let name = "healthimport"

    let reader: any StoreReading
    let version: String

    /// A server over `reader`, announcing `version`.
    public init(reader: any StoreReading, version: String) {
        self.reader = reader
        self.version = version
    }

    /// Serves on standard input and output until the client closes standard input, then answers
    /// the requests read before the end.
    public func run() async throws {
        let server = Server(
            name: Self.name, version: version,
            instructions:
                "Read-only access to the user's Apple Health data, as imported by healthimport. Start with list_types.",
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let tools = HealthTools(reader: reader)
        let resources = SchemaResources(reader: reader)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: HealthTools.list) }
        await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments) }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: SchemaResources.list, nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { params in try await resources.read(params.uri) }
        let transport = AnsweringTransport()
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        // The input ended: the requests read before it still get their answers.
        await transport.allAnswered()
    }
}
#endif
