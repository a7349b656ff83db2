#if PostgreSQL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `healthimport mcp` running in the background, asked one tool call at a time over its pipes,
/// for tests that do something to the database between the calls.
final class MCPSession {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []
    private var nextID = 1

    /// Starts `healthimport mcp arguments` and initialises the session.
    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Tool.binary)
        process.arguments = ["mcp"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try send([
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": [
                "protocolVersion": "2025-06-18", "capabilities": [:] as [String: Any],
                "clientInfo": ["name": "tests", "version": "1"],
            ],
        ])
        _ = try #require(line(within: 10), "no answer to initialize")
        try send(["jsonrpc": "2.0", "method": "notifications/initialized"])
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The text of the answer to a call of `tool`, and whether it is an error; `nil` when no
    /// answer came within `seconds`.
    func call(_ tool: String, _ arguments: [String: Any] = [:], within seconds: Double = 10) throws -> (
        text: String, isError: Bool
    )? {
        defer { nextID += 1 }
        try send([
            "jsonrpc": "2.0", "id": nextID, "method": "tools/call",
            "params": ["name": tool, "arguments": arguments],
        ])
        guard let line = line(within: seconds) else { return nil }
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let result = try #require(answer["result"] as? [String: Any], "\(line)")
        let content = try #require((result["content"] as? [[String: Any]])?.first, "\(line)")
        return (content["text"] as? String ?? "", result["isError"] as? Bool ?? false)
    }

    private func send(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// The next line the server writes, or `nil` when none is whole within `seconds`.
    private func line(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(left * 1000) + 1) > 0 else { return nil }
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }
}
#endif
