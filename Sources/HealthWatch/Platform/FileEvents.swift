#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of "something changed in these folders" wake-ups.
protocol FileEvents: AnyObject {
    /// Makes sure every folder in `folders` is watched (new ones are added, gone ones dropped);
    /// returns whether any was added, since what landed in it before its watch was not seen.
    func watch(folders: [String]) -> Bool
    /// Waits up to `timeout` seconds; returns whether something changed (or may have).
    func wait(timeout: Double) -> Bool
}

/// Monotonic seconds, for timers that must not jump with the wall clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// No events: a rescan every `interval` seconds.
final class PollingEvents: FileEvents {
    let interval: Double
    private var lastScan = -Double.infinity

    init(interval: Double) { self.interval = interval }

    func watch(folders: [String]) -> Bool { false }

    func wait(timeout: Double) -> Bool {
        let due = lastScan + interval
        let now = monotonicSeconds()
        if now >= due {
            lastScan = now
            return true
        }
        sleepSeconds(min(timeout, due - now))
        if monotonicSeconds() >= due {
            lastScan = monotonicSeconds()
            return true
        }
        return false
    }
}

/// Sleeps, returning early when a signal arrives.
func sleepSeconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    _ = nanosleep(&request, nil)
}

#if os(Linux)
/// Linux's inotify, one watch per folder (inotify is not recursive: the watcher adds the
/// folders a scan finds).
final class InotifyEvents: FileEvents {
    private let descriptor: Int32
    private var watched: [String: Int32] = [:]
    private static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_ATTRIB)

    /// Fails (returns nil) when the kernel gives no inotify instance (limits reached).
    init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    func watch(folders: [String]) -> Bool {
        let wanted = Set(folders)
        for (folder, handle) in watched where !wanted.contains(folder) {
            inotify_rm_watch(descriptor, handle)
            watched[folder] = nil
        }
        var added = false
        for folder in folders where watched[folder] == nil {
            let handle = inotify_add_watch(descriptor, folder, Self.mask)
            if handle >= 0 {
                watched[folder] = handle
                added = true
            }
        }
        return added
    }

    func wait(timeout: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(0, timeout) * 1000))
        guard ready > 0 else { return false }
        // Drain: what changed is found by the rescan, not from the events themselves.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var changed = false
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {
            changed = true
        }
        return changed
    }
}
#endif

#if canImport(Darwin)
/// macOS's kqueue: a vnode filter per folder, woken when an entry is added, removed or renamed.
final class KqueueEvents: FileEvents {
    private let queue: Int32
    private var watched: [String: Int32] = [:]

    init?() {
        queue = kqueue()
        if queue < 0 { return nil }
    }

    deinit {
        for descriptor in watched.values { close(descriptor) }
        close(queue)
    }

    func watch(folders: [String]) -> Bool {
        let wanted = Set(folders)
        for (folder, descriptor) in watched where !wanted.contains(folder) {
            close(descriptor)
            watched[folder] = nil
        }
        var added = false
        for folder in folders where watched[folder] == nil {
            let descriptor = open(folder, O_EVTONLY)
            guard descriptor >= 0 else { continue }
            var change = kevent(
                ident: UInt(descriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB), data: 0,
                udata: nil)
            if kevent(queue, &change, 1, nil, 0, nil) == 0 {
                watched[folder] = descriptor
                added = true
            } else {
                close(descriptor)
            }
        }
        return added
    }

    func wait(timeout: Double) -> Bool {
        let seconds = max(0, timeout)
        var limit = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var events = [kevent](repeating: kevent(), count: 16)
        let count = kevent(queue, nil, 0, &events, Int32(events.count), &limit)
        return count > 0
    }
}
#endif

/// The platform's file events, or polling every `poll` seconds when asked for or when none work.
func makeFileEvents(poll: Double?) -> any FileEvents {
    if let poll { return PollingEvents(interval: poll) }
    #if os(Linux)
    if let events = InotifyEvents() { return events }
    #elseif canImport(Darwin)
    if let events = KqueueEvents() { return events }
    #endif
    return PollingEvents(interval: 5)
}
