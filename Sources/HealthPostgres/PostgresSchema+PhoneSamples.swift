#if PostgreSQL
/// The schema's eleventh version: `phone_samples`, each sample a phone sent live with its HealthKit
/// UUID beside its row's content UUID, per person, so the phone's deletions find their rows.
/// Servers before this version created the table on first use: `IF NOT EXISTS` lets such a
/// database migrate as it is.
extension PostgresSchema {
    static let phoneSamples = [
        """
        CREATE TABLE IF NOT EXISTS phone_samples (
            person TEXT NOT NULL, healthkit_uuid TEXT NOT NULL, uuid TEXT NOT NULL,
            PRIMARY KEY (person, healthkit_uuid))
        """
    ]
}
#endif
