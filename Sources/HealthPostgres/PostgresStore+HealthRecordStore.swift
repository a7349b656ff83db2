#if PostgreSQL
import HealthCore

/// The store interface the commands and the `Importer` use, waiting on the calling thread.
extension PostgresStore: HealthRecordStore {
    public var location: String { person == "me" ? url.description : "\(url) (person \(person))" }

    public func status() throws -> StoreStatus {
        try Blocking.run { try await self.status() }
    }

    public func anchors() throws -> [String: Anchor] {
        try Blocking.run { try await self.anchors() }
    }

    @discardableResult
    public func resetAnchors(types: [String]?) throws -> Int {
        try Blocking.run { try await self.resetAnchors(types: types) }
    }

    public func completedImport(signature: String) throws -> ImportRecord? {
        try Blocking.run { try await self.completedImport(signature: signature) }
    }

    public func beginImport(input: String, signature: String?, window: String) throws -> (
        id: Int64, anchors: [String: Anchor]
    ) {
        try Blocking.run { try await self.beginImport(input: input, signature: signature, window: window) }
    }

    public func makeBatchWriter(importID: Int64, options: ImportOptions) throws -> any RecordBatchWriter {
        do {
            return try PostgresBatchWriter.start(
                store: self, importID: importID, policy: .init(options, allOrNothing: allOrNothing))
        } catch {
            try? Blocking.run { try await self.releaseImportLock() }
            throw error
        }
    }

    public func markFailed(importID: Int64, message: String) throws {
        try Blocking.run { try await self.markFailed(importID: importID, message: message) }
    }
}
#endif
