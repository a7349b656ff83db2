#if PostgreSQL
/// A resumable upload (a row of `resumable_uploads`): how long it is, how much of it the server
/// has, and, once its last byte came, what its import gave.
public struct ResumableUpload: Sendable {
    /// Where an upload is.
    public enum State: String, Sendable {
        /// Bytes are still to come.
        case receiving
        /// Every byte is there; the import has not started (it waits for the person's running one).
        case received
        /// A server imports it (or did, until it stopped: the next one to look starts it again).
        case importing
        /// Imported: ``ResumableUpload/result`` is the import's answer.
        case completed
        /// The import failed: ``ResumableUpload/result`` is the error's answer.
        case failed
    }

    /// Whose upload it is.
    public var person: String
    /// Its id, the last part of its URL (32 hex digits from the system's generator).
    public var id: String
    /// Its length in bytes (`Upload-Length`).
    public var length: Int64
    /// How many of its bytes the server has (`Upload-Offset`).
    public var offset: Int64
    /// The `Upload-Metadata` it was created with, as sent.
    public var metadata: String?
    /// The import window it was created with (`?window=`), if any.
    public var window: String?
    /// When it was created (ISO 8601).
    public var created: String
    /// When it expires, in Unix seconds, unless all its bytes came before.
    public var expiresUnix: Int64
    /// Where it is.
    public var state: State
    /// How many times an import of it started.
    public var attempts: Int
    /// The HTTP status of its import's answer, once there is one.
    public var resultStatus: Int?
    /// Its import's answer (a JSON object), once there is one.
    public var result: String?
}
#endif
