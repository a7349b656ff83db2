#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C handling: the first SIGINT asks the run to stop at the next record; the run then
/// finishes cleanly (whole lines out, store committed) and exits 130.
enum Interrupt {
    /// Thrown from the record loop once Ctrl-C was pressed.
    struct Requested: Error {}

    nonisolated(unsafe) private static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    /// Installs the handlers: SIGINT and SIGTERM set the flag, SIGPIPE is ignored (EPIPE is handled).
    ///
    /// Both signals are also unblocked: a process inherits its parent's signal mask, and a parent
    /// that launched us from a thread blocking them (Foundation's `Process` from a test runner's
    /// worker thread, some supervisors) would otherwise leave Ctrl-C and `kill` pending forever.
    static func install() {
        _ = flag
        signal(SIGPIPE, SIG_IGN)
        let handler: @convention(c) (Int32) -> Void = { _ in
            Interrupt.flag.pointee = 1
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a stop was asked for.
    static var isRequested: Bool { flag.pointee != 0 }

    /// Throws ``Requested`` once a stop was asked for.
    @inline(__always)
    static func check() throws {
        if flag.pointee != 0 { throw Requested() }
    }
}
