#if PostgreSQL
import Hummingbird

/// The header fields of the tus 1.0 resumable upload protocol (core, creation, expiration).
enum TusHeader {
    /// The protocol version this server speaks, in `Tus-Resumable` and `Tus-Version`.
    static let version = "1.0.0"
    /// The extensions it implements, in `Tus-Extension`.
    static let extensions = "creation,expiration"

    /// A header field's name (`HTTPField.Name`, which Hummingbird does not export by that name).
    typealias Name = HTTPFields.Element.Name

    static let resumable = Name("Tus-Resumable")!
    static let versions = Name("Tus-Version")!
    static let extensionList = Name("Tus-Extension")!
    static let maxSize = Name("Tus-Max-Size")!
    static let uploadOffset = Name("Upload-Offset")!
    static let uploadLength = Name("Upload-Length")!
    static let uploadDeferLength = Name("Upload-Defer-Length")!
    static let uploadMetadata = Name("Upload-Metadata")!
    static let uploadExpires = Name("Upload-Expires")!
}
#endif
