import MCP

/// The name and version the MCP server announces.
enum MCPServerInfo {
    static let name = "healthimport"
}
