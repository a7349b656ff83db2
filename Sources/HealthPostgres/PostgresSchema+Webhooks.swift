#if PostgreSQL
/// The schema's ninth version: webhooks, a person's (`people webhook NAME URL`) with its signing
/// secret, and the deliveries still to make or made, so a restarted server resumes its retries.
extension PostgresSchema {
    static let webhooks = [
        """
        CREATE TABLE webhooks (
            person TEXT NOT NULL,
            url TEXT NOT NULL,
            secret TEXT NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (person)
        )
        """,
        """
        CREATE TABLE webhook_deliveries (
            person TEXT NOT NULL,
            id TEXT NOT NULL,
            url TEXT NOT NULL,
            target TEXT NOT NULL CHECK (target IN ('person', 'server')),
            body TEXT NOT NULL,
            created TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_unix BIGINT NOT NULL,
            delivered TEXT,
            abandoned TEXT,
            last_error TEXT,
            PRIMARY KEY (person, id)
        )
        """,
        """
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_unix)
            WHERE delivered IS NULL AND abandoned IS NULL
        """,
    ]
}
#endif
