import Foundation
import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct GpxReaderTests {
    static let corpusRoutes: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ZipFixtures.corpus)) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted()
    }()

    static func source(_ text: String) -> ByteSource {
        BytesSource(Array(text.utf8))
    }

    @Test("Apple's GPX points keep time, position, elevation and the extensions")
    func readsApplePoint() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><time>2019-11-07T03:43:52Z</time></metadata>
              <trk><name>Route</name><trkseg>
                <trkpt lon="-122.396397" lat="37.781672"><ele>4.076904</ele><time>2019-06-11T22:00:42Z</time><extensions><speed>0.180883</speed><course>206.252884</course><hAcc>8.063116</hAcc><vAcc>6.428697</vAcc></extensions></trkpt>
                <trkpt lon="-122.4" lat="37.8"></trkpt>
                <trkpt lon="oops" lat="37.8"><ele>1</ele></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let points = try GPXReader.read(Self.source(gpx))
        #expect(points.count == 2)
        let point = points[0]
        #expect(point.latitude == 37.781672)
        #expect(point.longitude == -122.396397)
        #expect(point.elevation == 4.076904)
        #expect(point.time == TimestampParser.parse("2019-06-11 22:00:42 +0000"))
        #expect(point.speed == 0.180883)
        #expect(point.course == 206.252884)
        #expect(point.horizontalAccuracy == 8.063116)
        #expect(point.verticalAccuracy == 6.428697)
        #expect(points[1].time == nil && points[1].elevation == nil)
    }

    @Test("Every public route file reads all its points", arguments: corpusRoutes)
    func readsCorpus(name: String) throws {
        let path = ZipFixtures.corpus + "/" + name
        let text = String(decoding: try ZipFixtures.bytes(of: path), as: UTF8.self)
        let expected = text.components(separatedBy: "<trkpt").count - 1
        let points = try GPXReader.read(try FileByteSource(path: path))
        #expect(points.count == expected)
        #expect(points.allSatisfy { $0.time != nil && $0.elevation != nil && $0.horizontalAccuracy != nil })
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.time! <= $1.time! })
    }

    @Test("A malformed GPX is an error with the line")
    func malformed() throws {
        #expect {
            _ = try GPXReader.read(Self.source("<gpx>\n<trkpt lat=\"1\" lon=\"2\">\n</gpx>"))
        } throws: { error in
            guard let error = error as? ExportError else { return false }
            return error.code == .malformed && error.line != nil && error.message.contains("not valid GPX")
        }
    }

    /// A route of 2,000 points declaring `encoding`, with `bad` (bytes not valid in it) in the
    /// name of the track segment after the first 1,000 points: past libxml2's first chunks.
    static func route(encoding: String, bad: [UInt8]) -> [UInt8] {
        let point = "<trkpt lon=\"-122.4\" lat=\"37.8\"><ele>4</ele><time>2019-06-11T22:00:42Z</time></trkpt>\n"
        var bytes = Array(
            """
            <?xml version="1.0" encoding="\(encoding)"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Route</name><trkseg>

            """.utf8)
        bytes += Array(String(repeating: point, count: 1_000).utf8)
        bytes += Array("</trkseg><trkseg><name>".utf8) + bad + Array("</name>\n".utf8)
        bytes += Array(String(repeating: point, count: 1_000).utf8)
        bytes += Array("</trkseg></trk>\n</gpx>\n".utf8)
        return bytes
    }

    @Test(
        "Bytes not valid in the encoding a route declares stop the read with an error, not a route cut short",
        arguments: [("US-ASCII", [0xFC] as [UInt8]), ("EUC-JP", [0xFF, 0xFF])])
    func undecodableBytes(encoding: String, bad: [UInt8]) throws {
        #expect {
            _ = try GPXReader.read(BytesSource(Self.route(encoding: encoding, bad: bad)))
        } throws: { error in
            guard let error = error as? ExportError else { return false }
            return error.code == .malformed && error.line == 1_004
                && error.message.contains("not valid \(encoding), the encoding it declares")
        }
        let valid = try GPXReader.read(BytesSource(Self.route(encoding: encoding, bad: Array("b".utf8))))
        #expect(valid.count == 2_000)
    }
}

/// A byte source over bytes in memory.
final class BytesSource: ByteSource {
    let displayName = "memory.gpx"
    var expectedByteCount: Int64? { Int64(bytes.count) }
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }
}
