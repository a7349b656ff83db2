import HealthFixtures
import Testing

@testable import HealthExport

@Suite struct ReadAheadTests {
    /// Every chunk the read-ahead hands out, joined.
    static func readAll(_ text: String, sourceChunk: Int, chunkSize: Int, depth: Int) throws -> [UInt8] {
        let ahead = ReadAhead(
            ExportRepair(MemorySource(text, chunk: sourceChunk)), chunkSize: chunkSize, depth: depth,
            progress: Locked<Int64>(0))
        defer { ahead.stop() }
        var bytes: [UInt8] = []
        while try ahead.nextChunk({ bytes.append(contentsOf: $0) }) {}
        return bytes
    }

    @Test(
        "The chunks handed out are the repaired export, whole and in order, whatever the chunk sizes",
        arguments: [(7, 13, 1), (64, 64, 2), (1 << 16, 4096, 4), (3, 1 << 16, 3)])
    func wholeAndInOrder(sourceChunk: Int, chunkSize: Int, depth: Int) throws {
        let text = export(
            (0..<200).map { " <Record type=\"T\" sourceName=\"S\" value=\"\($0)\"/>" }.joined(separator: "\n"))
        // What the repair gives read directly, with no thread (the DTD blanked, lengths kept).
        let repair = ExportRepair(MemorySource(text))
        var expected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1000)
        while case let count = try buffer.withUnsafeMutableBytes({ try repair.read(into: $0) }), count > 0 {
            expected += buffer[..<count]
        }
        #expect(expected.count == text.utf8.count)
        #expect(try Self.readAll(text, sourceChunk: sourceChunk, chunkSize: chunkSize, depth: depth) == expected)
    }

    @Test("A failure of the source reaches the parsing thread as the read's error")
    func failureIsThrown() throws {
        let ahead = ReadAhead(ExportRepair(FailingSource()), chunkSize: 1024, depth: 2, progress: Locked<Int64>(0))
        defer { ahead.stop() }
        #expect(throws: ExportError.self) {
            while try ahead.nextChunk({ _ in }) {}
        }
    }

    @Test("Stopping early ends the reading thread, though chunks are still waiting")
    func stopEarly() throws {
        let text = export(String(repeating: " <Record type=\"T\" sourceName=\"S\"/>\n", count: 5_000))
        let counter = Locked<Int64>(0)
        let ahead = ReadAhead(ExportRepair(MemorySource(text, chunk: 512)), chunkSize: 512, depth: 2, progress: counter)
        var first = 0
        #expect(try ahead.nextChunk({ first = $0.count }))
        #expect(first > 0)
        ahead.stop()
        #expect(counter.load() > 0)
    }

    /// A source that fails after its first bytes.
    final class FailingSource: ByteSource {
        let displayName = "broken.xml"
        var expectedByteCount: Int64? { nil }
        private var served = false

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(ExportError) -> Int {
            if served { throw ExportError(.unreadable, "the disk went away", path: displayName) }
            served = true
            let prolog = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n".utf8)
            buffer.copyBytes(from: prolog)
            return prolog.count
        }
    }
}

@Suite struct StringInternerTests {
    static func intern(_ interner: StringInterner, _ text: String) -> (string: String, id: Int) {
        Array(text.utf8).withUnsafeBytes { interner.intern($0) }
    }

    @Test("The same bytes give the same string and ID; other bytes another")
    func sameBytesSameString() {
        let interner = StringInterner(capacity: 8)
        let first = Self.intern(interner, "HKQuantityTypeIdentifierStepCount")
        let again = Self.intern(interner, "HKQuantityTypeIdentifierStepCount")
        let other = Self.intern(interner, "HKQuantityTypeIdentifierHeartRate")
        #expect(first.string == "HKQuantityTypeIdentifierStepCount")
        #expect(again.id == first.id)
        #expect(other.id != first.id)
        #expect(other.string == "HKQuantityTypeIdentifierHeartRate")
    }

    @Test("A full table starts over: a new generation, and every string still comes back right")
    func resetKeepsStringsRight() {
        let interner = StringInterner(capacity: 4)
        #expect(interner.generation == 0)
        let names = (0..<10).map { "source \($0)" }
        for name in names { #expect(Self.intern(interner, name).string == name) }
        #expect(interner.generation == 2)
        // After the reset, earlier names are interned anew, under IDs of the new generation.
        let again = Self.intern(interner, names[0])
        #expect(again.string == names[0])
        #expect(again.id < 4)
        #expect(Self.intern(interner, "").string == "")
    }
}
