#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress line on standard error for long reads: bytes done of the total, records so far,
/// records per second, time left. Silent unless standard error is a terminal.
final class Progress {
    private let enabled: Bool
    private let total: Int64?
    private let started = Progress.seconds()
    private var lastDraw = 0.0
    private var records = 0
    private var drawn = false

    init(quiet: Bool, totalBytes: Int64?) {
        enabled = !quiet && Diagnostics.stderrIsTerminal
        total = totalBytes
    }

    /// Counts one record; redraws at most four times a second.
    @inline(__always)
    func tick(bytes: @autoclosure () -> Int64) {
        records += 1
        guard enabled, records & 0xFFF == 0 else { return }
        let now = Progress.seconds()
        guard now - lastDraw >= 0.25 else { return }
        lastDraw = now
        draw(bytes: bytes(), now: now)
    }

    /// Clears the progress line.
    func finish() {
        guard drawn else { return }
        Diagnostics.write("\r\u{1B}[K")
    }

    private func draw(bytes: Int64, now: Double) {
        let elapsed = max(now - started, 0.001)
        var line = "\r\u{1B}[K" + Self.megabytes(bytes)
        if let total, total > 0 {
            line += " of \(Self.megabytes(total)) (\(Int(Double(bytes) * 100 / Double(total)))%)"
        }
        line += ", \(Self.count(records)) records, \(Self.count(Int(Double(records) / elapsed)))/s"
        if let total, bytes > 0, bytes < total {
            let left = elapsed * Double(total - bytes) / Double(bytes)
            let seconds = Int(left) % 60
            line += ", \(Int(left) / 60):\(seconds < 10 ? "0" : "")\(seconds) left"
        }
        Diagnostics.write(line)
        drawn = true
    }

    static func megabytes(_ bytes: Int64) -> String {
        "\(bytes / 1_000_000) MB"
    }

    static func count(_ value: Int) -> String {
        value >= 1_000_000
            ? "\(value / 1_000_000).\(value / 100_000 % 10) M" : value >= 10_000 ? "\(value / 1000) k" : "\(value)"
    }

    static func seconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
