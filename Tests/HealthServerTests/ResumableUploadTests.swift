#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

@testable import HealthPostgres

/// Resumable uploads by the tus 1.0 protocol, over loopback with the built binary and curl.
@Suite("Resumable uploads (tus)", .serialized, .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ResumableUploadTests {
    static let tus = ["Tus-Resumable": "1.0.0"]

    /// A spool folder of the test's own, so it can look at the parts.
    static func spoolFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "healthimport-spool-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `POST /api/healthkit/uploads` for `length` bytes.
    static func create(
        _ server: ServerProcess, token: String, length: Int, query: String = "", headers: [String: String] = tus
    ) throws -> HTTPAnswer {
        try server.request(
            "POST", "/api/healthkit/uploads" + query, token: token,
            headers: headers.merging(["Upload-Length": "\(length)"]) { $1 })
    }

    /// `PATCH` of `location` with `bytes` at `offset`.
    static func patch(_ server: ServerProcess, token: String, _ location: String, offset: Int, _ bytes: Data) throws
        -> HTTPAnswer
    {
        let file = try ServerExports.file("", name: "part")
        try bytes.write(to: URL(fileURLWithPath: file))
        return try server.request(
            "PATCH", location, token: token, bodyFile: file,
            headers: tus.merging([
                "Content-Type": "application/offset+octet-stream", "Upload-Offset": "\(offset)",
            ]) { $1 })
    }

    /// `GET` of `location` until the import has an answer (not 202), for at most a minute.
    static func result(_ server: ServerProcess, token: String, _ location: String) throws -> HTTPAnswer {
        var answer = try server.request("GET", location, token: token)
        for _ in 0..<600 where answer.status == 202 {
            usleep(100_000)
            answer = try server.request("GET", location, token: token)
        }
        return answer
    }

    /// The import's answer without its id, which differs from run to run.
    static func counts(_ answer: HTTPAnswer) -> NSDictionary {
        var json = answer.json
        json["importId"] = nil
        return json as NSDictionary
    }

    @Test("An upload cut at 40 % and resumed gives the same rows and counts as one plain upload of the export")
    func resumedEqualsPlain() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let server = try ServerProcess(options: ["--spool-dir", spool])
        let resumed = TestPostgres.freshPerson("tus-resumed")
        let plain = TestPostgres.freshPerson("tus-plain")
        let resumedToken = try Tool.addPerson(resumed)
        let plainToken = try Tool.addPerson(plain)
        let export = try Data(contentsOf: URL(fileURLWithPath: PersonDataTests.sampleZip))

        let options = try server.request("OPTIONS", "/api/healthkit/uploads", token: nil)
        #expect(options.status == 204)
        #expect(options.header("Tus-Version") == "1.0.0")
        #expect(options.header("Tus-Extension") == "creation,expiration")
        #expect(options.header("Tus-Max-Size") == "\(8 << 30)")

        let created = try Self.create(
            server, token: resumedToken, length: export.count, query: "?window=all",
            headers: Self.tus.merging(["Upload-Metadata": "filename ZXhwb3J0LnppcA==,is_confidential"]) { $1 })
        #expect(created.status == 201, "\(created.text)")
        #expect(created.header("Tus-Resumable") == "1.0.0")
        #expect(created.header("Upload-Expires")?.hasSuffix(" GMT") == true)
        let location = try #require(created.header("Location"))
        #expect(location.hasPrefix("/api/healthkit/uploads/"))

        let cut = export.count * 40 / 100
        let first = try Self.patch(server, token: resumedToken, location, offset: 0, export.prefix(cut))
        #expect(first.status == 204, "\(first.text)")
        #expect(first.header("Upload-Offset") == "\(cut)")
        let part = spool + "/" + location.split(separator: "/").last! + ".part"
        #expect((try? FileManager.default.attributesOfItem(atPath: part)[.size] as? Int) == cut)

        let head = try server.request("HEAD", location, token: resumedToken, headers: Self.tus)
        #expect(head.status == 200)
        #expect(head.header("Upload-Offset") == "\(cut)")
        #expect(head.header("Upload-Length") == "\(export.count)")
        #expect(head.header("Cache-Control") == "no-store")
        #expect(head.header("Upload-Metadata") == "filename ZXhwb3J0LnppcA==,is_confidential")
        let waiting = try server.request("GET", location, token: resumedToken)
        #expect(waiting.status == 202)
        #expect(waiting.json["state"] as? String == "receiving")
        #expect(waiting.json["uploadOffset"] as? Int == cut)

        let wrong = try Self.patch(server, token: resumedToken, location, offset: 0, export.suffix(from: cut))
        #expect(wrong.status == 409, "\(wrong.text)")
        #expect((wrong.json["error"] as? String)?.contains("offset \(cut)") == true)
        let rest = try Self.patch(server, token: resumedToken, location, offset: cut, export.suffix(from: cut))
        #expect(rest.status == 204, "\(rest.text)")
        #expect(rest.header("Upload-Offset") == "\(export.count)")
        #expect(rest.header("Upload-Expires") == nil, "a complete upload no longer expires")

        let result = try Self.result(server, token: resumedToken, location)
        #expect(result.status == 200, "\(result.text)")
        let once = try server.request(
            "POST", "/api/healthkit/exports?window=all", token: plainToken, bodyFile: PersonDataTests.sampleZip)
        #expect(once.status == 200, "\(once.text)")
        #expect(Self.counts(result) == Self.counts(once))
        #expect(((result.json["total"] as? [String: Any])?["new"] as? Int ?? 0) > 100)

        var resumedRows = try PersonDataTests.rows(of: resumed)
        let plainRows = try PersonDataTests.rows(of: plain)
        #expect(resumedRows.removeValue(forKey: "resumable_uploads") == 1)
        #expect(plainRows["resumable_uploads"] == 0)
        #expect(resumedRows == plainRows.filter { $0.key != "resumable_uploads" })
        #expect((resumedRows["quantity_samples"] ?? 0) > 0)
        let resumedRecords = try server.request("GET", "/api/healthkit/records", token: resumedToken)
        let plainRecords = try server.request("GET", "/api/healthkit/records", token: plainToken)
        #expect(resumedRecords.text.split(separator: "\n").count > 50)
        #expect(resumedRecords.text == plainRecords.text)
        #expect(!FileManager.default.fileExists(atPath: part), "the part goes once imported")

        // The last PATCH again (its answer lost): nothing changes.
        let repeated = try Self.patch(server, token: resumedToken, location, offset: export.count, Data())
        #expect(repeated.status == 204)
        #expect(try Self.result(server, token: resumedToken, location).text == result.text)
        #expect(server.stop() == 0)
    }

    @Test("Another person's key gets 404, a read key 403, bytes past the length or the limit 413")
    func refusals() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let server = try ServerProcess(maxUpload: 100_000, options: ["--spool-dir", spool])
        let person = TestPostgres.freshPerson("tus-own")
        let token = try Tool.addPerson(person)
        let other = try Tool.addPerson(TestPostgres.freshPerson("tus-other"))
        let read = try PersonKeysTests.addKey(person, scope: "read", name: "dashboard")
        let bytes = Data(ServerExports.xml(steps: 20).utf8)

        let created = try Self.create(server, token: token, length: bytes.count)
        #expect(created.status == 201, "\(created.text)")
        let location = try #require(created.header("Location"))

        #expect(try server.request("HEAD", location, token: other, headers: Self.tus).status == 404)
        #expect(try server.request("GET", location, token: other).status == 404)
        let foreign = try Self.patch(server, token: other, location, offset: 0, bytes)
        #expect(foreign.status == 404)
        #expect(foreign.header("Tus-Resumable") == "1.0.0")
        #expect(try server.request("HEAD", location, token: nil, headers: Self.tus).status == 401)

        let readCreate = try Self.create(server, token: read.token, length: bytes.count)
        #expect(readCreate.status == 403)
        #expect((readCreate.json["error"] as? String)?.contains("scope read") == true)
        #expect(try Self.patch(server, token: read.token, location, offset: 0, bytes).status == 403)
        #expect(try server.request("HEAD", location, token: read.token, headers: Self.tus).status == 200)

        let past = try Self.patch(server, token: token, location, offset: 0, bytes + Data("<!-- more -->".utf8))
        #expect(past.status == 413, "\(past.text)")
        let oversized = try Self.create(server, token: token, length: 100_001)
        #expect(oversized.status == 413)
        #expect((oversized.json["error"] as? String)?.contains("--max-upload 100000") == true)
        #expect(try Self.create(server, token: token, length: 100_000).status == 201)

        let noVersion = try Self.create(server, token: token, length: 10, headers: [:])
        #expect(noVersion.status == 412)
        #expect(noVersion.header("Tus-Version") == "1.0.0")
        #expect(try Self.create(server, token: token, length: 0).status == 400)
        #expect(try Self.create(server, token: token, length: 10, query: "?window=weekly").status == 400)
        let badMetadata = Self.tus.merging(["Upload-Metadata": "name not-base64!"]) { $1 }
        #expect(try Self.create(server, token: token, length: 10, headers: badMetadata).status == 400)
        let file = try ServerExports.file(String(decoding: bytes, as: UTF8.self))
        let plainType = try server.request(
            "PATCH", location, token: token, bodyFile: file, headers: Self.tus.merging(["Upload-Offset": "0"]) { $1 })
        #expect(plainType.status == 415)
        let unknown = "/api/healthkit/uploads/" + String(repeating: "0", count: 32)
        #expect(try server.request("HEAD", unknown, token: token, headers: Self.tus).status == 404)

        // Nothing refused above moved the upload: it still takes the whole export.
        let whole = try Self.patch(server, token: token, location, offset: 0, bytes)
        #expect(whole.status == 204, "\(whole.text)")
        let result = try Self.result(server, token: token, location)
        #expect(result.status == 200, "\(result.text)")
        // The 20 steps and the export's own row.
        #expect((result.json["total"] as? [String: Any])?["new"] as? Int == 21)
        #expect(try PersonDataTests.rows(of: person)["quantity_samples"] == 20)
        #expect(server.stop() == 0)
    }

    @Test("A server restarted between the two PATCHes resumes the upload from the shared spool folder")
    func restartBetweenPatches() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let person = TestPostgres.freshPerson("tus-restart")
        let token = try Tool.addPerson(person)
        let bytes = Data(ServerExports.xml(steps: 300).utf8)
        let cut = bytes.count * 40 / 100

        let before = try ServerProcess(options: ["--spool-dir", spool])
        let created = try Self.create(before, token: token, length: bytes.count, query: "?window=all")
        let location = try #require(created.header("Location"))
        #expect(try Self.patch(before, token: token, location, offset: 0, bytes.prefix(cut)).status == 204)
        #expect(before.stop() == 0)

        let after = try ServerProcess(options: ["--spool-dir", spool])
        let head = try after.request("HEAD", location, token: token, headers: Self.tus)
        #expect(head.status == 200)
        #expect(head.header("Upload-Offset") == "\(cut)")
        let rest = try Self.patch(after, token: token, location, offset: cut, bytes.suffix(from: cut))
        #expect(rest.status == 204, "\(rest.text)")
        let result = try Self.result(after, token: token, location)
        #expect(result.status == 200, "\(result.text)")
        let total = result.json["total"] as? [String: Any] ?? [:]
        // The 300 steps and the export's own row.
        #expect(total["read"] as? Int == 301)
        #expect(total["new"] as? Int == 301)
        #expect(try PersonDataTests.rows(of: person)["quantity_samples"] == 300)
        #expect(after.stop() == 0)
    }

    @Test("Two servers on one database and one spool folder: each takes a PATCH, either answers the result")
    func twoServers() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let person = TestPostgres.freshPerson("tus-two")
        let token = try Tool.addPerson(person)
        let bytes = Data(ServerExports.xml(steps: 120).utf8)
        let cut = bytes.count * 40 / 100
        let one = try ServerProcess(options: ["--spool-dir", spool])
        let two = try ServerProcess(options: ["--spool-dir", spool])
        let created = try Self.create(one, token: token, length: bytes.count, query: "?window=all")
        let location = try #require(created.header("Location"))
        #expect(try Self.patch(one, token: token, location, offset: 0, bytes.prefix(cut)).status == 204)
        #expect(try two.request("HEAD", location, token: token, headers: Self.tus).header("Upload-Offset") == "\(cut)")
        #expect(try Self.patch(two, token: token, location, offset: 0, bytes).status == 409)
        #expect(try Self.patch(two, token: token, location, offset: cut, bytes.suffix(from: cut)).status == 204)
        let result = try Self.result(one, token: token, location)
        #expect(result.status == 200, "\(result.text)")
        #expect((result.json["total"] as? [String: Any])?["new"] as? Int == 121)
        #expect(try Self.result(two, token: token, location).text == result.text)
        #expect(try PersonDataTests.rows(of: person)["quantity_samples"] == 120)
        #expect(one.stop() == 0)
        #expect(two.stop() == 0)
    }

    @Test("A PATCH cut off by a broken connection keeps the bytes that arrived, and the upload goes on from there")
    func brokenConnection() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let server = try ServerProcess(options: ["--spool-dir", spool])
        let person = TestPostgres.freshPerson("tus-broken")
        let token = try Tool.addPerson(person)
        let bytes = Data(ServerExports.xml(steps: 400).utf8)
        let created = try Self.create(server, token: token, length: bytes.count, query: "?window=all")
        let location = try #require(created.header("Location"))
        let file = try ServerExports.file("", name: "whole")
        try bytes.write(to: URL(fileURLWithPath: file))
        // curl gives up after a second at 20 KB/s: the connection breaks mid-body.
        let cut = try Tool.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "--max-time", "1", "--limit-rate", "20k", "-X", "PATCH",
                "-H", "Authorization: Bearer \(token)", "-H", "Tus-Resumable: 1.0.0",
                "-H", "Content-Type: application/offset+octet-stream", "-H", "Upload-Offset: 0",
                "--data-binary", "@" + file, "http://127.0.0.1:\(server.port)\(location)",
            ])
        #expect(cut.status == 28, "curl timed out")
        var offset = 0
        for _ in 0..<50 {
            let head = try server.request("HEAD", location, token: token, headers: Self.tus)
            offset = Int(head.header("Upload-Offset") ?? "") ?? 0
            if offset > 0 { break }
            usleep(100_000)
        }
        #expect(offset > 0 && offset < bytes.count, "\(offset) of \(bytes.count) bytes kept")
        let rest = try Self.patch(server, token: token, location, offset: offset, bytes.suffix(from: offset))
        #expect(rest.status == 204, "\(rest.text)")
        let result = try Self.result(server, token: token, location)
        #expect(result.status == 200, "\(result.text)")
        #expect((result.json["total"] as? [String: Any])?["new"] as? Int == 401)
        #expect(try PersonDataTests.rows(of: person)["quantity_samples"] == 400)
        #expect(server.stop() == 0)
    }

    @Test("The sweep at start removes an export's Parquet folder a killed server left, not a recent one")
    func staleExportFolders() throws {
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let (old, recent) = (spool + "/export-left-by-a-killed-server", spool + "/export-running")
        for folder in [old, recent] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("PAR1".utf8).write(to: URL(fileURLWithPath: folder + "/quantity_samples.parquet"))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3 * 86_400)], ofItemAtPath: old)
        let server = try ServerProcess(options: ["--spool-dir", spool])
        for _ in 0..<100 where FileManager.default.fileExists(atPath: old) { usleep(100_000) }
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: recent + "/quantity_samples.parquet"))
        #expect(server.stop() == 0)
    }

    @Test("An expired upload answers 410, and the sweep at start removes its row and its part")
    func expiry() throws {
        // A database of its own: any server on the shared one sweeps expired rows at its start,
        // and would drop this row while the part stays in this test's spool folder.
        let database = try Self.makeDatabase()
        defer { Self.dropDatabase(database) }
        let spool = try Self.spoolFolder()
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let person = "expiry"
        let token = try Tool.addPerson(person, database: database)
        let bytes = Data(ServerExports.xml(steps: 10).utf8)
        let server = try ServerProcess(database: database, options: ["--spool-dir", spool])
        let created = try Self.create(server, token: token, length: bytes.count)
        let location = try #require(created.header("Location"))
        let id = String(location.split(separator: "/").last!)
        let part = spool + "/\(id).part"
        #expect(try Self.patch(server, token: token, location, offset: 0, bytes.prefix(100)).status == 204)
        #expect(FileManager.default.fileExists(atPath: part))

        let store = try PostgresStore.open(url: database, person: person)
        defer { store.closeWaiting() }
        func uploads() throws -> Int64 {
            try Blocking.run {
                try await store.query("SELECT count(*) FROM resumable_uploads").first?.decode(Int64.self) ?? -1
            }
        }
        try Blocking.run {
            try await store.query(
                "UPDATE resumable_uploads SET expires_unix = 1 WHERE id = \(id)")
        }
        #expect(try server.request("HEAD", location, token: token, headers: Self.tus).status == 410)
        #expect(try Self.patch(server, token: token, location, offset: 100, bytes.suffix(from: 100)).status == 410)
        #expect(try server.request("GET", location, token: token).status == 410)
        #expect(server.stop() == 0)
        #expect(try uploads() == 1)

        let restarted = try ServerProcess(database: database, options: ["--spool-dir", spool])
        for _ in 0..<100 where FileManager.default.fileExists(atPath: part) { usleep(100_000) }
        #expect(!FileManager.default.fileExists(atPath: part))
        #expect(try uploads() == 0)
        #expect(try restarted.request("HEAD", location, token: token, headers: Self.tus).status == 404)
        #expect(restarted.stop() == 0)
    }

    /// A new, empty database on the test PostgreSQL; its URL.
    static func makeDatabase() throws -> String {
        let name = "tus_" + UUID().uuidString.prefix(8).lowercased()
        let store = try PostgresStore.open(url: TestPostgres.url!, person: "")
        defer { store.closeWaiting() }
        try Blocking.run { try await store.query("CREATE DATABASE \(unescaped: name)") }
        return url(of: name)
    }

    static func dropDatabase(_ url: String) {
        guard let store = try? PostgresStore.open(url: TestPostgres.url!, person: "") else { return }
        defer { store.closeWaiting() }
        let name = url.split(separator: "?")[0].split(separator: "/").last!
        _ = try? Blocking.run {
            try await store.query("DROP DATABASE IF EXISTS \(unescaped: String(name)) WITH (FORCE)")
        }
    }

    /// The test PostgreSQL's URL with the database `name`.
    static func url(of name: String) -> String {
        let shared = TestPostgres.url!
        let query = shared.firstIndex(of: "?").map { String(shared[$0...]) } ?? ""
        let base = shared.split(separator: "?", maxSplits: 1)[0]
        return base[..<base.lastIndex(of: "/")!] + "/" + name + query
    }
}

extension HTTPAnswer {
    /// The value of the answer's header `name` (the last one, as curl saw it).
    func header(_ name: String) -> String? {
        headers.split(whereSeparator: \.isNewline).reversed().lazy.compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"),
                line[..<colon].lowercased() == name.lowercased()
            else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }.first
    }
}
#endif
