#if PostgreSQL
import Foundation
import HealthSyncClient
import Testing

/// `healthimport simulate-phone` against `serve`: the rows equal an upload of the export itself.
@Suite(.serialized, .enabled(if: TestPostgres.enabled, TestPostgres.reason))
struct SimulatePhoneTests {
    static let export: String = {
        var root = #filePath
        for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
        return root + "/SampleExports/v14-2025/export.xml"
    }()

    @Test("A replayed export leaves the same sample rows as the export uploaded whole")
    func replayEqualsUpload() async throws {
        let phone = try TestServer()
        let direct = try TestServer()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.binary)
        process.arguments = [
            "simulate-phone", Self.export, "--server", phone.url.absoluteString, "--token", phone.token, "--speed",
            "0", "--all",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("0 batches refused"), "\(output)")
        _ = try await direct.uploadExport(try String(contentsOfFile: Self.export, encoding: .utf8))

        let uploaded = try await direct.allSamples()
        #expect(uploaded.count > 50, "the sample export has quantity, weight and category samples")
        #expect(try await phone.allSamples() == uploaded)
        // With the offsets the export wrote, so that days and hours are the same local ones.
        let starts = try await direct.allSampleStarts()
        #expect(starts.values.contains { !$0.hasSuffix("Z") && !$0.hasSuffix("+00:00") })
        #expect(try await phone.allSampleStarts() == starts)
        // Each sample sent once: the backfill leaves out what the live sync sent.
        #expect(output.contains("\(uploaded.count) sent: \(uploaded.count) new, 0 already on the server"), "\(output)")
    }
}

extension TestServer {
    /// The start, as stored with its offset, of each of the person's current samples, by UUID.
    func allSampleStarts() async throws -> [String: String] {
        var starts: [String: String] = [:]
        for object in try await records() {
            guard let kind = object["kind"] as? String, ["quantity", "weight", "category"].contains(kind),
                let uuid = object["uuid"] as? String, let start = object["start"] as? String
            else { continue }
            starts[uuid] = start
        }
        return starts
    }

    /// The UUIDs of the person's current quantity, weight and category samples.
    func allSamples() async throws -> Set<String> {
        var uuids = Set<String>()
        for object in try await records() {
            guard let kind = object["kind"] as? String, ["quantity", "weight", "category"].contains(kind),
                let uuid = object["uuid"] as? String
            else { continue }
            uuids.insert(uuid)
        }
        return uuids
    }
}
#endif
