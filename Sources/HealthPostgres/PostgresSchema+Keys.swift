#if PostgreSQL
/// The schema's eighth version: several API keys per person, each with an id, a name and a
/// scope, stored only as the SHA-256 of the token; and the audit of erasures (who asked, when,
/// how many rows per table, never a row's content).
///
/// The tokens `people add` gave before become write keys named `default`.
extension PostgresSchema {
    static let keys = [
        """
        CREATE TABLE person_keys (
            id TEXT PRIMARY KEY,
            person TEXT NOT NULL,
            name TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('read', 'write', 'admin')),
            token_sha256 TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL
        )
        """,
        "CREATE INDEX person_keys_by_person ON person_keys (person)",
        """
        INSERT INTO person_keys (id, person, name, scope, token_sha256, created)
            SELECT 'key_' || substr(token_sha256, 1, 12), name, 'default', 'write', token_sha256, created
            FROM people WHERE token_sha256 IS NOT NULL
        """,
        "UPDATE people SET token_sha256 = NULL",
        // `subject`, not `person`: erasing a person sweeps every table with a `person` column,
        // and the audit of their erasure stays.
        """
        CREATE TABLE erasures (
            id BIGSERIAL PRIMARY KEY,
            subject TEXT NOT NULL,
            requested_by TEXT NOT NULL,
            requested TEXT NOT NULL,
            row_counts TEXT NOT NULL
        )
        """,
    ]
}
#endif
