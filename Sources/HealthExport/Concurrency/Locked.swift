import Foundation

/// A value that several threads share, read and written only with its lock held: the one
/// lock-guarded value of the package (flags, counters, small tables).
///
/// `@unchecked Sendable`: `value` is touched only inside `withLock`, so no two threads reach it
/// at once. `Synchronization.Mutex` says the same to the compiler, but needs macOS 15.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A shared `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value now.
    package func load() -> Value {
        withLock { $0 }
    }

    /// Sets the value.
    package func store(_ newValue: Value) {
        withLock { $0 = newValue }
    }
}
