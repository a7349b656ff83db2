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
