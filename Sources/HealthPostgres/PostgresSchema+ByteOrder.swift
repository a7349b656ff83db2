#if PostgreSQL
/// `v14-text-in-byte-order`: every text column of the store's tables compares in byte order
/// (`COLLATE "C"`), as SQLite's text does, whatever the database's own collation.
///
/// A database made with a language's collation (`en_US.UTF-8`, the default of many servers)
/// compares the keys' text (people, UUIDs, types) by that language's rules: slower at every
/// insert into a key's index, and in another order than the SQLite store's. The views over
/// these columns are dropped and made again from their own definitions around the change. A
/// table or view something outside the store depends on (a view of the user's) keeps its
/// collation, with a notice: the migration never fails for it.
extension PostgresSchema {
    static func textInByteOrder(of earlier: [(name: String, sql: [String])]) -> [String] {
        let names = Set(earlier.flatMap(\.sql).flatMap(createdNames) + ["healthimport_migrations"]).sorted()
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return [
            """
            DO $byteorder$
            DECLARE
                ours text[] := ARRAY[\(list)];
                byte_order oid := (SELECT oid FROM pg_collation WHERE collname = 'C' AND collnamespace = 'pg_catalog'::regnamespace);
                dropped text[] := '{}';
                definitions text[] := '{}';
                item record;
            BEGIN
                FOR item IN
                    SELECT c.relname::text AS name, pg_get_viewdef(c.oid) AS definition FROM pg_class c
                    WHERE c.relkind = 'v' AND c.relnamespace = current_schema()::regnamespace AND c.relname = ANY (ours)
                LOOP
                    BEGIN
                        EXECUTE format('DROP VIEW %I', item.name);
                        dropped := dropped || item.name;
                        definitions := definitions || item.definition;
                    EXCEPTION WHEN dependent_objects_still_exist OR insufficient_privilege THEN
                        RAISE NOTICE 'view % keeps its collation: %', item.name, SQLERRM;
                    END;
                END LOOP;
                FOR item IN
                    SELECT c.relname::text AS name,
                        string_agg(format('ALTER COLUMN %I TYPE text COLLATE "C"', a.attname), ', ' ORDER BY a.attnum) AS clauses
                    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
                    WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.relname = ANY (ours)
                        AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'text'::regtype AND a.attcollation <> byte_order
                    GROUP BY c.relname
                LOOP
                    BEGIN
                        EXECUTE format('ALTER TABLE %I %s', item.name, item.clauses);
                    EXCEPTION WHEN feature_not_supported OR dependent_objects_still_exist OR insufficient_privilege THEN
                        RAISE NOTICE 'table % keeps its collation: %', item.name, SQLERRM;
                    END;
                END LOOP;
                FOR position IN 1 .. coalesce(array_length(dropped, 1), 0) LOOP
                    EXECUTE format('CREATE VIEW %I AS %s', dropped[position], definitions[position]);
                END LOOP;
            END
            $byteorder$
            """
        ]
    }

    /// The tables and views a statement creates, by name.
    private static func createdNames(_ statement: String) -> [String] {
        let words = statement.split(whereSeparator: \.isWhitespace)
        return words.indices.compactMap { index in
            guard words[index] == "CREATE", index + 2 < words.count,
                words[index + 1] == "TABLE" || words[index + 1] == "VIEW"
            else { return nil }
            let name = words[index + 2] == "IF" && index + 5 < words.count ? words[index + 5] : words[index + 2]
            let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return identifier.isEmpty ? nil : String(identifier)
        }
    }
}
#endif
