#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C handling: the first SIGINT asks the run to stop at the next record; the run then
/// finishes cleanly (whole lines out, store committed) and exits 130. A second one ends the
/// process at once, for a run that waits for something that does not answer.
enum Interrupt {
    /// Thrown from the record loop once Ctrl-C was pressed.
    struct Requested: Error, CustomStringConvertible {
        var description: String { "stopped by an interrupt (Ctrl-C or SIGTERM)" }
    }

    nonisolated(unsafe) private static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    /// What the first SIGINT or SIGTERM prints, so that whoever waits on a run that does not
    /// stop (a database that does not answer) knows what ends it. Made before any signal comes,
    /// as ``again`` is.
    nonisolated(unsafe) private static let first = message("healthimport: stopping; interrupt again to stop at once\n")

    /// What a second SIGINT or SIGTERM prints before the process ends at once, made before any
    /// signal comes: a handler may not allocate.
    nonisolated(unsafe) private static let again = message(
        "healthimport: interrupted again: stopping at once (what was committed stays)\n")

    private static func message(_ text: String) -> (base: UnsafeMutablePointer<CChar>, count: Int) {
        (strdup(text)!, text.utf8.count)
    }

    /// Installs the handlers: SIGINT and SIGTERM set the flag, and a second one ends the process
    /// at once with status 130; SIGPIPE is ignored (EPIPE is handled).
    ///
    /// Both signals are also unblocked: a process inherits its parent's signal mask, and a parent
    /// that launched us from a thread blocking them (Foundation's `Process` from a test runner's
    /// worker thread, some supervisors) would otherwise leave Ctrl-C and `kill` pending forever.
    static func install() {
        _ = flag
        signal(SIGPIPE, SIG_IGN)
        _ = first
        _ = again
        let handler: @convention(c) (Int32) -> Void = { _ in
            // Only async-signal-safe calls here.
            if Interrupt.flag.pointee != 0 {
                // A second signal: the run did not stop at the first (it waits for something that
                // does not answer).
                _ = write(2, Interrupt.again.base, Interrupt.again.count)
                _exit(130)
            }
            Interrupt.flag.pointee = 1
            _ = write(2, Interrupt.first.base, Interrupt.first.count)
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
