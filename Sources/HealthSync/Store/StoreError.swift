import GRDB

/// A failure of the store a user can act on: the message says what happened and what to do.
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
        /// Any other I/O or SQLite failure.
        case io
    }

    /// What kind of failure.
    public var code: Code
    /// The message for people.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The error an SQLite failure on the store at `path` means for a user.
    public static func from(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.locked, "\(path) is locked: another healthimport is writing to it; try again when it is done")
        case .SQLITE_READONLY:
            return StoreError(.readOnly, "\(path) is read-only: check the permissions of the file and its folder")
        case .SQLITE_FULL:
            return StoreError(.diskFull, "the disk holding \(path) is full: free some space and run the import again (what was committed is kept)")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError(.corrupt, "\(path) is not a healthimport store or is damaged (\(error.message ?? "\(error.resultCode)"))")
        case .SQLITE_CANTOPEN:
            return StoreError(.io, "cannot open \(path): check that its folder exists and is writable")
        default:
            return StoreError(.io, "\(path): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
