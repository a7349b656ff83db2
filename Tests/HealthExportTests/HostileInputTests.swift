import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

/// Files made to hurt a reader: each is refused or read within bounds, with one clear error,
/// and never reaches outside the export.
@Suite struct HostileInputTests {
    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-05-01 08:00:00 +0200" endDate="2024-05-01 08:10:00 +0200" value="12"/>"#

    /// The records of a full read and of the overview, or their errors.
    static func bothReads(_ bytes: [UInt8]) -> OverviewDifferential { OverviewDifferential(bytes) }

    @Test(
        "Entities from a DTD the repair cannot blank, external entities and an external DTD are refused, nothing read")
    func externalEntities() throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = folder + "/secret.txt"
        try "SECRET-MARKER".write(toFile: secret, atomically: true, encoding: .utf8)
        // `] >` keeps ExportRepair from finding the internal subset, so libxml2 sees it whole.
        let prolog = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData SYSTEM "file://\(secret)" [
            <!ENTITY x SYSTEM "file://\(secret)">
            <!ENTITY % p SYSTEM "file://\(secret)"> %p;
            <!ENTITY % n SYSTEM "http://127.0.0.1:9/x.dtd"> %n;
            <!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            ] >
            <HealthData locale="en">
             <ExportDate value="2024-06-01 09:00:00 +0200"/>

            """
        for value in ["&x;", "&c;"] {
            let xml =
                prolog + #" <Record type="T" sourceName="\#(value)" startDate="2024-05-01 08:00:00 +0200"/>"#
                + "\n</HealthData>\n"
            let error = try #require(throws: ExportError.self) { try readAll(xml) }
            #expect(error.code == .malformed)
            #expect(error.message.contains("not defined"), "\(error)")
            #expect(!error.description.contains("SECRET"))
            let both = Self.bothReads(Array(xml.utf8))
            #expect(both.agrees)
        }
        // Parameter entities alone change nothing: the records read, without the file's text.
        let (records, report) = try readAll(prolog + " " + Self.record + "\n</HealthData>\n")
        #expect(records.count == 2)
        #expect(!report.warnings.joined().contains("SECRET"))
        #expect(!records.map { "\($0)" }.joined().contains("SECRET"))
    }

    @Test("A 100 MB attribute value stops both reads with libxml2's limit, in bounded memory")
    func hugeAttributeValue() throws {
        let head = Array(export("").utf8.dropLast("\n</HealthData>".utf8.count))
        let value = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)
        let bytes =
            head + Array(#"<Record type="T" sourceName=""#.utf8) + value
            + Array(#"" startDate="2024-05-01 08:00:00 +0200"/>"#.utf8) + Array("\n</HealthData>\n".utf8)
        let both = Self.bothReads(bytes)
        #expect(both.agrees)
        guard case .failure(let error as ExportError) = both.full else {
            Issue.record("the full read did not fail: \(both.full)")
            return
        }
        #expect(error.code == .malformed)
        #expect(error.line != nil, "\(error)")
    }

    @Test("A million attributes on one record: the overview steps aside and both reads agree")
    func millionAttributes() throws {
        var body = Array(#" <Record type="T" sourceName="S" startDate="2024-05-01 08:00:00 +0200""#.utf8)
        for index in 0..<1_000_000 { body += Array(" a\(index)=\"1\"".utf8) }
        body += Array("/>".utf8)
        let bytes =
            Array(export("").utf8.dropLast("\n</HealthData>".utf8.count)) + body + Array("\n</HealthData>\n".utf8)
        let both = Self.bothReads(bytes)
        #expect(both.agrees)
        #expect(both.steppedAside)
    }

    @Test("A zip bomb (258 MB of zeros in 1.6 MB) is refused as not an export after its first bytes")
    func zipBomb() throws {
        let (deflated, size) = Self.zeroBomb(blocks: 1_000_000)
        let bytes = Self.deflatedZip(name: "apple_health_export/export.xml", deflated: deflated, size: size)
        #expect(bytes.count < 2_000_000)
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixtures.write(bytes, to: folder + "/bomb.zip")
        let error = try #require(throws: ExportError.self) {
            try ExportPackage.open(folder + "/bomb.zip").read { _ in }
        }
        #expect(error.code == .badArchive, "\(error)")
        #expect(error.message.contains("holds no Apple Health export"), "\(error)")
    }

    @Test(
        "A central directory that lies about sizes and offsets ends in one error, never a crash",
        arguments: [
            (20, UInt32.max - 1), (20, 0x7FFF_FFFF), (24, 0), (42, 0x7FFF_FFFF), (42, 1),
        ] as [(Int, UInt32)])
    func lyingDirectory(field: Int, value: UInt32) throws {
        var bytes = try ZipFixtures.bytes(of: ZipFixtures.exportZip)
        let record = try #require(ZipBuilder.centralRecord(of: "apple_health_export/export.xml", in: bytes))
        ZipBuilder.patch32(&bytes, at: record + field, value)
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixtures.write(bytes, to: folder + "/lies.zip")
        #expect(throws: ExportError.self) { try ExportPackage.open(folder + "/lies.zip").read { _ in } }
    }

    @Test("Route paths with .. or absolute paths never reach a file outside the export folder")
    func pathsOutside() throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpx = """
            <?xml version="1.0"?><gpx><trk><trkseg><trkpt lon="1" lat="2"><ele>3</ele><time>2024-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>
            """
        try FileManager.default.createDirectory(
            atPath: folder + "/export/workout-routes", withIntermediateDirectories: true)
        try gpx.write(toFile: folder + "/outside.gpx", atomically: true, encoding: .utf8)
        let workouts = [
            "../outside.gpx", "/../outside.gpx", "workout-routes/../../outside.gpx", folder + "/outside.gpx",
        ]
        .enumerated().map { index, path in
            """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2024-05-0\(index + 1) 08:00:00 +0200" endDate="2024-05-0\(index + 1) 09:00:00 +0200">
              <WorkoutRoute sourceName="Watch" startDate="2024-05-0\(index + 1) 08:00:00 +0200" endDate="2024-05-0\(index + 1) 09:00:00 +0200"><FileReference path="\(path)"/></WorkoutRoute>
             </Workout>
            """
        }
        try export(workouts.joined(separator: "\n")).write(
            toFile: folder + "/export/export.xml", atomically: true, encoding: .utf8)
        var routes = 0
        _ = try ExportPackage.open(folder + "/export").read { if $0.kind == .route { routes += 1 } }
        #expect(routes == 0)

        // In a zip, members named with .. or a leading / are names, never paths to follow.
        var zip = ZipBuilder()
        zip.add("apple_health_export/export.xml", Array(export(workouts.joined(separator: "\n")).utf8))
        zip.add("../outside.gpx", Array(gpx.utf8))
        zip.add("/outside.gpx", Array(gpx.utf8))
        try ZipFixtures.write(zip.build(), to: folder + "/paths.zip")
        routes = 0
        _ = try ExportPackage.open(folder + "/paths.zip").read { if $0.kind == .route { routes += 1 } }
        #expect(routes == 0)
    }

    @Test(
        "An export that shrinks or grows while it is read ends in an error or a complete read, never a crash",
        arguments: [true, false])
    func changingFile(shrink: Bool) throws {
        let folder = try ZipFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/export.xml"
        let body = (0..<40_000).map { index in
            Self.record.replacingOccurrences(of: "value=\"12\"", with: "value=\"\(index)\"")
        }.joined(separator: "\n")
        try export(body).write(toFile: path, atomically: true, encoding: .utf8)
        var records = 0
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        do {
            _ = try ExportPackage.open(path).read { _ in
                records += 1
                guard records == 2 else { return }
                if shrink {
                    try handle.truncate(atOffset: 300_000)
                } else {
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data(" <Record type=\"late\"/>\n".utf8))
                }
            }
            #expect(!shrink, "a shrunk file read as complete")
        } catch let error as ExportError {
            // Grown past its end tag, the file is no longer well-formed.
            #expect([.truncated, .malformed].contains(error.code), "\(error)")
        }
    }

    /// A raw deflate stream of `1 + 258 * blocks` zeros in fixed Huffman codes: a literal zero,
    /// then copies of 258 bytes at distance 1.
    static func zeroBomb(blocks: Int) -> ([UInt8], Int) {
        var out: [UInt8] = []
        out.reserveCapacity(blocks * 13 / 8 + 16)
        var bits: UInt64 = 0
        var count = 0
        func put(_ value: UInt64, _ width: Int) {
            bits |= value << UInt64(count)
            count += width
            while count >= 8 {
                out.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                count -= 8
            }
        }
        // Huffman codes go most significant bit first.
        func code(_ value: UInt64, _ width: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<width where value & (1 << UInt64(bit)) != 0 { reversed |= 1 << UInt64(width - 1 - bit) }
            put(reversed, width)
        }
        put(1, 1)  // final block
        put(1, 2)  // fixed Huffman
        code(0x30, 8)  // literal 0
        for _ in 0..<blocks {
            code(0xC5, 8)  // length 258
            code(0, 5)  // distance 1
        }
        code(0, 7)  // end of block
        if count > 0 { out.append(UInt8(truncatingIfNeeded: bits)) }
        return (out, 1 + 258 * blocks)
    }

    /// A zip holding one deflated member with an honest size and a CRC of 0.
    static func deflatedZip(name: String, deflated: [UInt8], size: Int) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
        let nameBytes = Array(name.utf8)
        var out = le32(0x0403_4B50) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0x5B72)
        out += le32(0) + le32(deflated.count) + le32(size) + le16(nameBytes.count) + le16(0) + nameBytes + deflated
        let directory = out.count
        var central = le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0x5B72)
        central += le32(0) + le32(deflated.count) + le32(size) + le16(nameBytes.count) + le16(0) + le16(0)
        central += le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
        out += central + le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1)
        out += le32(central.count) + le32(directory) + le16(0)
        return out
    }
}
