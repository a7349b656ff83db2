#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

@testable import HealthPostgres

@Suite("Erasing and exporting a person's data", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct PersonDataTests {
    /// A sample export with every kind of record (workouts, routes, correlations, metadata, ECGs).
    static let sampleZip = Tool.repositoryRoot + "/SampleExports/zip/export.zip"

    /// Rows of `person` in every table that holds people's rows.
    static func rows(of person: String) throws -> [String: Int] {
        let store = try PostgresStore.open(url: TestPostgres.url!, person: person)
        defer { store.closeWaiting() }
        return try Blocking.run {
            var counts: [String: Int] = [:]
            for table in try await store.personTables() {
                counts[table] = Int(
                    try await store.query(
                        "SELECT count(*) FROM \"\(unescaped: table)\" WHERE person = \(person)"
                    ).first?.decode(Int64.self) ?? -1)
            }
            counts["people"] = Int(
                try await store.query("SELECT count(*) FROM people WHERE name = \(person)")
                    .first?.decode(Int64.self) ?? -1)
            return counts
        }
    }

    /// Uploads the sample export (every record) and 12 live samples for `token`'s person.
    static func fill(_ server: ServerProcess, token: String) throws {
        let upload = try server.request("POST", "/api/healthkit/exports?window=all", token: token, bodyFile: sampleZip)
        #expect(upload.status == 200, "\(upload.text)")
        let samples = try server.request(
            "POST", "/api/healthkit/samples", token: token, body: ServerExports.samplesJSON(0..<12))
        #expect(samples.status == 200, "\(samples.text)")
        let marked = try server.request("POST", "/api/healthkit/mark-backfill-complete", token: token, body: "{}")
        #expect(marked.status == 200)
    }

    @Test("Erasure removes every row of the person in every table, leaves others' rows, and is audited")
    func erasure() throws {
        let server = try ServerProcess()
        let jo = TestPostgres.freshPerson("erase-jo")
        let sam = TestPostgres.freshPerson("erase-sam")
        let joToken = try Tool.addPerson(jo)
        let samToken = try Tool.addPerson(sam)
        try Self.fill(server, token: joToken)
        try Self.fill(server, token: samToken)
        let joBefore = try Self.rows(of: jo)
        let samBefore = try Self.rows(of: sam)
        // The export fills records, their children, statistics, anchors, the import log and keys.
        for table in [
            "quantity_samples", "metadata", "workouts", "route_points", "electrocardiograms", "statistics",
            "anchors", "imports", "person_keys", "sources",
        ] {
            #expect((joBefore[table] ?? 0) > 0, "\(table) holds rows of \(jo)")
        }

        let unconfirmed = try server.request("DELETE", "/api/people/me", token: joToken)
        #expect(unconfirmed.status == 400)
        #expect((unconfirmed.json["error"] as? String)?.contains("confirm=erase") == true)
        #expect(try Self.rows(of: jo) == joBefore)

        let erased = try server.request("DELETE", "/api/people/me?confirm=erase", token: joToken)
        #expect(erased.status == 200, "\(erased.text)")
        #expect(erased.json["total"] as? Int == joBefore.values.reduce(0, +))
        #expect(erased.json["rows"] as? [String: Int] == joBefore)
        let after = try Self.rows(of: jo)
        #expect(after.keys.sorted() == joBefore.keys.sorted())
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after.filter { $0.value != 0 })")
        #expect(try Self.rows(of: sam) == samBefore)
        #expect(try server.request("GET", "/api/healthkit/status", token: joToken).status == 401)

        // The audit: who asked, when, the counts; nothing else.
        let store = try PostgresStore.open(url: TestPostgres.url!, person: "")
        defer { store.closeWaiting() }
        let audit = try Blocking.run {
            try await store.query(
                "SELECT requested_by, requested, row_counts FROM erasures WHERE subject = \(jo)"
            ).map { try $0.decode((String, String, String).self) }
        }
        #expect(audit.count == 1)
        #expect(audit.first?.0.hasPrefix("key key_") == true)
        let counts = try JSONSerialization.jsonObject(with: Data((audit.first?.2 ?? "").utf8)) as? [String: Int]
        #expect(counts == joBefore)

        let notAdmin = try server.request("DELETE", "/api/admin/people/\(sam)", token: samToken)
        #expect(notAdmin.status == 403)
        let byAdmin = try server.request("DELETE", "/api/admin/people/\(sam)", token: server.adminToken)
        #expect(byAdmin.status == 200, "\(byAdmin.text)")
        #expect(byAdmin.json["requestedBy"] as? String == "admin token")
        #expect(try Self.rows(of: sam).values.allSatisfy { $0 == 0 })
        #expect(try server.request("DELETE", "/api/admin/people/\(sam)", token: server.adminToken).status == 404)

        // A name with a slash is one segment of the path, percent-encoded.
        let odd = TestPostgres.freshPerson("team/ann")
        _ = try Tool.addPerson(odd)
        let encoded = odd.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_.")))!
        #expect(encoded.contains("%2F"))
        let oddErased = try server.request("DELETE", "/api/admin/people/\(encoded)", token: server.adminToken)
        #expect(oddErased.status == 200, "\(oddErased.text)")
        #expect(try server.request("DELETE", "/api/admin/people/team/x", token: server.adminToken).status == 404)
        #expect(server.stop() == 0)
    }

    @Test("people erase NAME erases from the command line and prints each table's count")
    func eraseCommand() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("erase-cli")
        let token = try Tool.addPerson(person)
        try Self.fill(server, token: token)
        server.stop()
        let before = try Self.rows(of: person)
        let output = try Tool.healthimport(["people", "erase", person, "--db", TestPostgres.url!])
        #expect(output.status == 0, "\(output.stderr)")
        var printed: [String: Int] = [:]
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            printed[String(parts[0])] = Int(parts[1])
        }
        #expect(printed == before.filter { $0.value > 0 })
        #expect(output.stderr.contains("erased \(before.values.reduce(0, +)) rows of \(person)"))
        #expect(try Self.rows(of: person).values.allSatisfy { $0 == 0 })
        let again = try Tool.healthimport(["people", "erase", person, "--db", TestPostgres.url!])
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing of \(person) to erase"))
    }

    @Test(
        "The export zip's JSON lines are the records route's and its Parquet tables are read by pyarrow with the rows export.json gives; the CLI writes the same",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func export() throws {
        let server = try ServerProcess()
        let person = TestPostgres.freshPerson("export")
        let token = try Tool.addPerson(person)
        let read = try PersonKeysTests.addKey(person, scope: "read", name: "export")
        try Self.fill(server, token: token)
        let records = try server.request("GET", "/api/healthkit/records", token: token)
        #expect(records.status == 200)
        let lines = records.text.split(separator: "\n").map(String.init)
        #expect(lines.count > 100)
        let quantityLines = lines.filter { $0.hasPrefix(#"{"kind":"quantity""#) }.count
        #expect(quantityLines > 50)

        let zip = try server.request("GET", "/api/people/me/export", token: read.token)
        #expect(zip.status == 200)
        let zipPath = try ServerExports.file("", name: "export.zip")
        try zip.body.write(to: URL(fileURLWithPath: zipPath))
        let cliPath = NSTemporaryDirectory() + "healthimport-export-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: cliPath) }
        let cli = try Tool.healthimport(["people", "export", person, "-o", cliPath, "--db", TestPostgres.url!])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(cli.stderr.contains("wrote \(lines.count) records"))
        // A person the database does not know (a misspelt name) is refused, and no file is left.
        let unknown = try Tool.healthimport([
            "people", "export", TestPostgres.freshPerson("nobody"), "-o", cliPath + ".unknown", "--db",
            TestPostgres.url!,
        ])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("holds no import for"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cliPath + ".unknown"))

        let script = """
            import io, json, sys, zipfile
            import pyarrow.parquet as pq
            out = []
            for path in sys.argv[1:]:
                with zipfile.ZipFile(path) as z:
                    assert z.testzip() is None, "a CRC does not match"
                    names = [i.filename for i in z.infolist()]
                    assert names[0] == "records.jsonl" and names[-1] == "export.json", names
                    assert all(i.compress_type == zipfile.ZIP_DEFLATED and i.flag_bits & 8 for i in z.infolist())
                    text = z.read("records.jsonl").decode("utf-8")
                    manifest = json.loads(z.read("export.json"))
                    for line in text.splitlines():
                        json.loads(line)
                    tables = {}
                    for name in names[1:-1]:
                        assert name.startswith("parquet/") and name.endswith(".parquet"), name
                        table = pq.read_table(io.BytesIO(z.read(name)))
                        assert table.num_rows == manifest["files"][name], name
                        tables[name] = table.num_rows
                    assert sorted(tables) == sorted(manifest["files"]), (names, manifest)
                    out.append({"records": text, "manifest": manifest, "tables": tables})
            json.dump(out, sys.stdout)
            """
        let answer = try TestPython.run(script, [zipPath, cliPath])
        let read2 = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String: Any]])
        #expect(read2.count == 2)
        for item in read2 {
            let text = item["records"] as? String ?? ""
            #expect(text.split(separator: "\n").map(String.init) == lines)
            let manifest = item["manifest"] as? [String: Any] ?? [:]
            #expect(manifest["person"] as? String == person)
            #expect(manifest["records"] as? Int == lines.count)
            let profile = manifest["profile"] as? [String: Any] ?? [:]
            #expect(profile["BiologicalSex"] as? String == "HKBiologicalSexMale", "\(manifest)")
            #expect(manifest["locale"] as? String != nil)
            // The Parquet tables hold what the JSON lines do not: the activity summaries, the ECG,
            // the route's points and the statistics.
            let tables = item["tables"] as? [String: Int] ?? [:]
            #expect(tables["parquet/quantity_samples.parquet"] == quantityLines, "\(tables)")
            for name in ["activity_summaries", "electrocardiograms", "route_points", "daily_statistics", "metadata"] {
                #expect((tables["parquet/\(name).parquet"] ?? 0) > 0, "\(name): \(tables)")
            }
        }
        #expect(try server.request("GET", "/api/people/me/export", token: nil).status == 401)
        #expect(server.stop() == 0)
    }
}
#endif
