#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Interrupt {
    /// Lets SIGINT and SIGTERM end the process at once again, for commands that write nothing
    /// that could be left half done (`mcp`, which only reads; `report`, which writes its file
    /// atomically) and have no record loop to check the flag.
    static func endAtOnce() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
