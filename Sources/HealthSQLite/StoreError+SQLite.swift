import GRDB
import HealthCore

extension StoreError {
    /// The error an SQLite failure on the store at `path` means for a user.
    static func sqlite(_ error: any Error, path: String) -> any Error {
        if error is StoreError { return error }
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(
                .locked, "\(path) is locked: another healthimport is writing to it; try again when it is done")
        case .SQLITE_READONLY:
            return StoreError(.readOnly, "\(path) is read-only: check the permissions of the file and its folder")
        case .SQLITE_FULL:
            return StoreError(
                .diskFull,
                "the disk holding \(path) is full: free some space and run the import again (what was committed is kept)"
            )
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError(
                .corrupt,
                "\(path) is not a healthimport store or is damaged (\(error.message ?? "\(error.resultCode)"))")
        case .SQLITE_CANTOPEN:
            return StoreError(.io, "cannot open \(path): check that its folder exists and is writable")
        default:
            return StoreError(.io, "\(path): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
