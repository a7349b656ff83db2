import Foundation

extension SystemCall {
    /// `action: reason` for a failure of one of Foundation's file calls, the reason in the C
    /// library's words where the failure is a system error (`No space left on device`), so every
    /// output names a full disk, a missing folder or a refused permission alike.
    package static func describe(_ error: any Error, action: String) -> String {
        guard let code = systemError(of: error) else { return "\(action): \(error.localizedDescription)" }
        return describe(errno: code, action: action)
    }

    /// The system error behind `error`: its own code, the one it wraps, or the one its Cocoa code
    /// stands for.
    static func systemError(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }
}
