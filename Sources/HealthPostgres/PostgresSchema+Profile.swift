#if PostgreSQL
import HealthCore

/// One `Me` profile per person, as the SQLite store's `v3-one-profile`: `exports` keeps each
/// person's newest row, under ``RecordIdentity/profileID``, which a newer export updates in place.
extension PostgresSchema {
    static let oneProfile = [
        """
        DELETE FROM exports WHERE ctid IN (
            SELECT ctid FROM (
                SELECT ctid, row_number() OVER (PARTITION BY person ORDER BY export_unix DESC NULLS LAST, uuid) AS n
                FROM exports) AS ranked
            WHERE n > 1)
        """,
        "UPDATE exports SET uuid = '\(RecordIdentity.profileID.description)'",
    ]
}
#endif
