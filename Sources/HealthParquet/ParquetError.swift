/// A failure to write a Parquet file, with a message a user can act on.
public struct ParquetError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
