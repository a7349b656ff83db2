#if PostgreSQL
/// The schema's tenth version: the import log keyed by person first, like every other
/// per-person table, and the anchors' reference to their import carrying the person, so each
/// person's rows can live on one node of a database sharded by person (docs/server.md).
extension PostgresSchema {
    static let personFirstImports = [
        "ALTER TABLE anchors DROP CONSTRAINT IF EXISTS anchors_import_id_fkey",
        "ALTER TABLE imports DROP CONSTRAINT imports_pkey",
        "ALTER TABLE imports ADD PRIMARY KEY (person, id)",
        // Runs are still looked up by their id alone (`status`, the upload's answer).
        "CREATE INDEX imports_by_id ON imports (id)",
        """
        ALTER TABLE anchors ADD CONSTRAINT anchors_import_fkey
            FOREIGN KEY (person, import_id) REFERENCES imports (person, id)
        """,
    ]
}
#endif
