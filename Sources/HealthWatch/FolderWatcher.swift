import HealthExport

/// Watches a folder tree and hands each complete export to a handler, once.
///
/// An export is complete when its size (summed, for a folder) and modification time have not
/// changed for ``settle`` seconds and, for a zip, its central directory reads. An export handled
/// once is not handed over again unless it changes; the same export under another name is for
/// the handler (the store recognises it by its signature). The watcher sleeps in the platform's
/// file events (inotify, kqueue) or between polls, and wakes at least every
/// ``wakeInterval`` seconds to see whether it should stop.
public final class FolderWatcher {
    /// The folder watched.
    public let root: String
    /// Seconds an export must stay unchanged before it is taken.
    public var settle: Double
    /// The longest sleep between looks at ``shouldStop``.
    public var wakeInterval: Double = 0.5
    /// Called for what is skipped without the handler: a zip whose central directory does not read.
    public var skipped: (WatchedExport, String) -> Void = { _, _ in }
    /// Checked between sleeps and after each export: return true to end ``run(_:)``.
    public var shouldStop: () -> Bool = { false }

    private let events: any FileEvents
    private var pending: [String: Pending] = [:]
    private var handled: [String: FileState] = [:]

    private struct Pending {
        var export: WatchedExport
        var state: FileState
        var since: Double
        var notBefore: Double
    }

    /// A watcher of `root`; `poll` chooses polling every so many seconds instead of file events.
    public init(root: String, settle: Double = 2, poll: Double? = nil) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.settle = settle
        self.events = makeFileEvents(poll: poll)
    }

    /// Whether the watched folder exists.
    public var rootExists: Bool { FolderListing.isFolder(root) }

    /// Watches until ``shouldStop`` says so, handing complete exports to `handle` in path order.
    public func run(_ handle: (WatchedExport) -> WatchDecision) {
        var rescan = true
        while !shouldStop() {
            if rescan || !pending.isEmpty { look() }
            for export in readyExports() {
                if shouldStop() { return }
                take(export, handle)
            }
            if shouldStop() { return }
            rescan = events.wait(timeout: nextTimeout())
        }
    }

    /// Scans the tree: new or changed exports become pending, gone ones are forgotten.
    private func look() {
        var found = ExportScanner(root: root).scan()
        // A folder new to the watch may have filled before its watch began: look again (a few
        // times at most, for folders made inside folders).
        for _ in 0..<4 where events.watch(folders: found.folders) {
            found = ExportScanner(root: root).scan()
        }
        let now = monotonicSeconds()
        var seen = Set<String>()
        for export in found.exports {
            seen.insert(export.path)
            guard let state = Self.state(of: export) else { continue }
            if handled[export.path] == state { continue }
            if let earlier = pending[export.path], earlier.state == state { continue }
            let notBefore = pending[export.path]?.notBefore ?? now
            pending[export.path] = Pending(export: export, state: state, since: now, notBefore: notBefore)
        }
        for path in pending.keys where !seen.contains(path) { pending[path] = nil }
        for path in handled.keys where !seen.contains(path) { handled[path] = nil }
    }

    /// Exports unchanged for `settle` seconds, whose retry time has come, by path.
    private func readyExports() -> [WatchedExport] {
        let now = monotonicSeconds()
        return pending.values
            .filter { now - $0.since >= settle && now >= $0.notBefore }
            .map(\.export)
            .sorted { $0.path < $1.path }
    }

    private func take(_ export: WatchedExport, _ handle: (WatchedExport) -> WatchDecision) {
        guard let entry = pending[export.path] else { return }
        // Changed since the last scan: wait for it to settle again.
        guard Self.state(of: export) == entry.state else {
            pending[export.path] = nil
            return
        }
        if export.kind == .zip {
            do {
                _ = try ZipArchive(path: export.path)
            } catch {
                pending[export.path] = nil
                handled[export.path] = entry.state
                skipped(export, error.description)
                return
            }
        }
        switch handle(export) {
        case .done:
            pending[export.path] = nil
            handled[export.path] = entry.state
        case .retry(let seconds):
            pending[export.path]?.notBefore = monotonicSeconds() + seconds
        }
    }

    /// Until the next pending export may be ready, at most ``wakeInterval``.
    private func nextTimeout() -> Double {
        let now = monotonicSeconds()
        var timeout = wakeInterval
        for entry in pending.values {
            timeout = min(timeout, max(entry.since + settle, entry.notBefore) - now)
        }
        return max(0.05, timeout)
    }

    private static func state(of export: WatchedExport) -> FileState? {
        export.kind == .folder ? FileState.of(folder: export.path) : FileState.of(file: export.path)
    }
}
