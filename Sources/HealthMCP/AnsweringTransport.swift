#if MCP
import Foundation
import Logging
import MCP

/// Standard input and output for the MCP server, keeping count of the requests read and the
/// answers written, so that the server answers every request it has read before it exits.
///
/// The MCP library answers each request in a task of its own and ends its loop as soon as the
/// input ends: without this, requests written just before the end of input (a client that
/// pipes them in) lost their answers when the process exited.
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    private var unanswered = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The message being written, which the next waits for: the library's transport writes a
    /// message in pieces as the pipe takes them, waiting between pieces, and two answers
    /// written at once (a batch's) would interleave their pieces.
    private var writing: Task<Void, any Error>?

    nonisolated var logger: Logger { Logger(label: "healthimport.mcp") }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        defer { if Self.isAnswer(data) { answered() } }
        let (inner, previous) = (self.inner, writing)
        let task = Task {
            _ = await previous?.result
            try await inner.send(data)
        }
        writing = task
        try await task.value
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let inner = self.inner
        Task {
            do {
                for try await data in await inner.receive() {
                    if Self.isRequest(data) { self.read() }
                    continuation.yield(data)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }

    /// Returns once every request read so far has been answered.
    func allAnswered() async {
        guard unanswered > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func read() { unanswered += 1 }

    private func answered() {
        unanswered = max(0, unanswered - 1)
        guard unanswered == 0 else { return }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// A JSON-RPC request: an object with a `method` and an `id` (a notification has no `id`).
    private static func isRequest(_ data: Data) -> Bool {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return false }
        return object["method"] != nil && object["id"] != nil
    }

    /// A JSON-RPC answer: an object with an `id` and a `result` or an `error`.
    private static func isAnswer(_ data: Data) -> Bool {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return false }
        return object["id"] != nil && object["method"] == nil && (object["result"] != nil || object["error"] != nil)
    }
}
#endif
