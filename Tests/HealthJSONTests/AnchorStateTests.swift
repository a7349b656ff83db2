import Foundation
import HealthFixtures
import HealthJSON
import Testing

@testable import HealthCore

@Suite struct AnchorStateTests {
    @Test("A state file round-trips its anchors")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let file = AnchorStateFile(path: folder.path + "/state.json")
        #expect(try file.load().isEmpty)
        let anchor = Anchor(type: "T", newestCreation: 42, boundary: [RecordID(name: "x")], coveredStart: nil)
        try file.save(merging: [anchor], into: [:])
        #expect(try file.load() == ["T": anchor])
    }
}
