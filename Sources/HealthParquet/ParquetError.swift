/// A failure to write a Parquet file, with a message a user can act on.
public struct ParquetError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file.
    public var message: String
    /// What was being done when a system call failed (`cannot write PATH`), without the reason.
    public var action: String
    /// The failure of the system call, when one caused this error.
    public var cause: (any Error)?

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
        self.action = message
        self.cause = nil
    }

    /// Creates an error for `action`, which failed with `cause`.
    public init(_ action: String, cause: any Error) {
        self.message = "\(action): \(cause.localizedDescription)"
        self.action = action
        self.cause = cause
    }

    public var description: String { message }
}
