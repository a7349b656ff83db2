/// A redaction that could not be written: the output file, or a sidecar the redaction cannot read.
public struct RedactError: Error, Sendable, CustomStringConvertible {
    /// A sentence a user can act on.
    public var message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
