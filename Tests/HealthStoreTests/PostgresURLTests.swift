#if PostgreSQL
import HealthCore
import Testing

@testable import HealthPostgres

@Suite("PostgreSQL URLs as --db takes them")
struct PostgresURLTests {
    @Test("An IPv6 host in brackets is connected to bare and shown in brackets")
    func ipv6Host() throws {
        let url = try PostgresURL("postgresql://ann:secret@[::1]:55432/health")
        #expect(url.host == "::1")
        #expect(url.port == 55432)
        #expect(url.address == "[::1]:55432")
        #expect(url.description == "postgresql://ann@[::1]:55432/health")
        #expect(try PostgresURL("postgres://ann@127.0.0.1/health").address == "127.0.0.1:5432")
    }

    @Test("libpq's parameters in the query stand for the URL's parts")
    func queryParameters() throws {
        let url = try PostgresURL("postgresql://ann@localhost/health?port=5433&user=ben&dbname=other&sslmode=require")
        #expect(url.port == 5433)
        #expect(url.username == "ben")
        #expect(url.database == "other")
        #expect(url.requireTLS)
        #expect(try PostgresURL("postgresql:///health?host=127.0.0.1&port=6543").address == "127.0.0.1:6543")
        #expect(throws: StoreError.self) { try PostgresURL("postgresql://ann@localhost/health?port=fifty") }
    }

    @Test("A port outside 1 to 65535 is refused with the URL and the range")
    func portOutOfRange() {
        for text in ["postgresql://ann@127.0.0.1:99999/health", "postgresql://ann@127.0.0.1:0/health"] {
            #expect {
                try PostgresURL(text)
            } throws: { error in
                "\(error)".contains("is not a TCP port (1 to 65535)") && "\(error)".contains(text)
            }
        }
    }
}
#endif
