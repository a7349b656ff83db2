/// A failure to write a Parquet file, with a message a user can act on.
public struct ParquetError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file; without `cause`, the whole message.
    public var action: String
    /// The failure of the system call that caused this error, if one did.
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ message: String) {
        self.action = message
    }

    /// Creates an error for `action`, which failed with `cause`.
    public init(_ action: String, cause: any Error) {
        self.action = action
        self.cause = cause
    }

    /// What went wrong, naming the file, and why when a system call failed.
    public var message: String { cause.map { "\(action): \($0.localizedDescription)" } ?? action }

    public var description: String { message }
}
