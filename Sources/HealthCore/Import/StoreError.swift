/// A failure of a store a user can act on: the message says what happened and what to do.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Sendable, Equatable {
        /// Another process holds the store (an import is running).
        case locked
        /// The store was written by a newer healthimport.
        case newerSchema
        /// The store or its folder cannot be written.
        case readOnly
        /// The disk is full.
        case diskFull
        /// The file is not a healthimport store, or is damaged.
        case corrupt
        /// The database cannot be reached, or went away mid-way (a restart, a crash, a lost
        /// network): nothing is wrong with the request, so the same request may succeed later.
        case unavailable
        /// Any other I/O or database failure.
        case io
    }

    /// What kind of failure.
    public var code: Code
    /// The message for people.
    public var message: String
    /// Whether a connection the work had was lost under it (the server went away or stopped
    /// answering), rather than never made: what was committed before it stays.
    public var lostConnection = false

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// No store at `path`, where a command reads one.
    public static func missingStore(_ path: String) -> StoreError {
        StoreError(.io, "\(path) does not exist: import an export first, or give --db")
    }

    public var description: String { message }
}
