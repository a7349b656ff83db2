#if PostgreSQL
/// The schema's tenth version: resumable uploads (the tus protocol's `POST`, `PATCH` and
/// `HEAD` of `/api/healthkit/uploads`), one row per upload, so another server on the database,
/// or this one restarted, takes it up where it stopped. The bytes themselves wait in the
/// server's spool folder; the row says how many of them are there and what their import gave.
extension PostgresSchema {
    static let resumableUploads = [
        """
        CREATE TABLE resumable_uploads (
            person TEXT NOT NULL,
            id TEXT NOT NULL,
            upload_length BIGINT NOT NULL CHECK (upload_length > 0),
            upload_offset BIGINT NOT NULL DEFAULT 0,
            metadata TEXT,
            import_window TEXT,
            created TEXT NOT NULL,
            expires_unix BIGINT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('receiving', 'received', 'importing', 'completed', 'failed')),
            attempts INTEGER NOT NULL DEFAULT 0,
            import_started TEXT,
            finished TEXT,
            result_status INTEGER,
            result TEXT,
            PRIMARY KEY (person, id)
        )
        """,
        "CREATE INDEX resumable_uploads_by_expiry ON resumable_uploads (expires_unix)",
    ]
}
#endif
