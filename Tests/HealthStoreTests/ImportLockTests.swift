#if PostgreSQL
import Foundation
import Testing

@testable import HealthPostgres

/// `PostgresStore.withImportLock`, which the server's routes hold a person's import lock with:
/// the person's next request must find it free.
@Suite("A person's import lock, held for a piece of work", .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
struct ImportLockTests {
    @Test("The lock is free for another session once a route's work ends, while the route's connection is still open")
    func givenBackBeforeTheReply() throws {
        let url = try PostgresURL(TestPostgres.url!)
        let person = TestPostgres.freshPerson("lock")
        let (heldInside, takenAfter, refusedWhileHeld) = try Blocking.run {
            try await PostgresStore.withConnection(url: url, person: person, migrate: false) { route in
                try await PostgresStore.withConnection(url: url, person: person, migrate: false) { next in
                    var refusedWhileHeld = false
                    let heldInside = try await route.withImportLock {
                        refusedWhileHeld = try await !next.tryImportLock()
                        return try await route.importRunning(of: person)
                    }
                    // The route's connection stays open: only an explicit release frees the lock now.
                    let takenAfter = try await next.tryImportLock()
                    return (heldInside, takenAfter, refusedWhileHeld)
                }
            }
        }
        #expect(heldInside == true)
        #expect(refusedWhileHeld, "another session could take the lock while the route held it")
        #expect(takenAfter, "the lock was still held after the route's work ended")
    }

    @Test("A session that cannot take the lock gets nil, and its work does not run")
    func refusedWhileAnotherHoldsIt() throws {
        let url = try PostgresURL(TestPostgres.url!)
        let person = TestPostgres.freshPerson("lock")
        let ran = try Blocking.run {
            try await PostgresStore.withConnection(url: url, person: person, migrate: false) { holder in
                #expect(try await holder.tryImportLock())
                return try await PostgresStore.withConnection(url: url, person: person, migrate: false) { route in
                    try await route.withImportLock { true }
                }
            }
        }
        #expect(ran == nil)
    }
}
#endif
