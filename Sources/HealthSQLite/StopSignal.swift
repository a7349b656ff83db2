import Foundation

/// A flag one thread raises and another reads: how the writer stops the threads that read the
/// store beside it.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }

    func raise() { lock.withLock { raised = true } }
}
