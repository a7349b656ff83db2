#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place the package calls what differs between the C libraries of Linux and Darwin:
/// reads and writes that retry `EINTR`, pipes, thread names and the allocator's knobs.
/// `Scripts/portability.sh` fails on a platform-only symbol outside a `Platform/` folder.
package enum SystemCall {
    /// Calls `call` again while it fails with `EINTR`.
    package static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// `action: reason`, the reason being the C library's words for `code`.
    package static func describe(errno code: Int32, action: String) -> String {
        "\(action): \(String(cString: strerror(code)))"
    }

    /// Reads up to `count` bytes; the count read, or -1 with `errno` set.
    @inline(__always)
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// Writes up to `count` bytes; the count written, or -1 with `errno` set.
    @inline(__always)
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// Writes all of `bytes`, retrying `EINTR` and short writes; `nil`, or the `errno` it failed with.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = retryingInterrupts { write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            if written < 0 { return errno }
            offset += written
        }
        return nil
    }

    /// Closes `fd`.
    package static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// A second descriptor for what `fd` is open on, or -1 with `errno` set.
    package static func duplicate(_ fd: Int32) -> Int32 {
        dup(fd)
    }

    /// A pipe: its reading and writing descriptors, or the `errno` it failed with.
    package static func pipe() -> Result<(read: Int32, write: Int32), SystemError> {
        var descriptors: [Int32] = [0, 0]
        #if canImport(Glibc)
        let status = Glibc.pipe(&descriptors)
        #elseif canImport(Musl)
        let status = Musl.pipe(&descriptors)
        #else
        let status = Darwin.pipe(&descriptors)
        #endif
        guard status == 0 else { return .failure(SystemError(code: errno)) }
        return .success((descriptors[0], descriptors[1]))
    }

    /// Names the calling thread for the system's tools (`top -H`, `ps -L`), as far as its 15
    /// bytes go: Foundation keeps `Thread.name` to itself on Linux.
    package static func nameThread(_ name: String) {
        #if canImport(Glibc)
        // Glibc's module leaves out `pthread_setname_np`; the thread's `comm` file is the same.
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        defer { close(file) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress!, $0.count) }
        #elseif canImport(Darwin)
        _ = pthread_setname_np(name)
        #endif
    }

    /// Gives the pages the allocator holds freed back to the system (glibc keeps a thread's
    /// freed memory in that thread's arena); nothing elsewhere.
    package static func returnFreedMemory() {
        #if canImport(Glibc)
        // `malloc_trim` is glibc's own, outside the C library's module: found at run time.
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }

    /// Sets glibc's allocator for a run whose records are built on some threads and freed on
    /// others, before any thread starts: two arenas, since an arena per thread only holds more
    /// freed memory; blocks of 64 KiB and more mapped on their own; an arena's free top given
    /// back from 1 MiB, since glibc otherwise raises the first bound as large blocks are freed
    /// and keeps them. Nothing elsewhere.
    package static func tuneAllocator() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        let (arenaMaximum, mapThreshold, trimThreshold): (Int32, Int32, Int32) = (-8, -3, -1)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
            _ = mallopt(arenaMaximum, 2)
            _ = mallopt(mapThreshold, 64 * 1024)
            _ = mallopt(trimThreshold, 1024 * 1024)
        }
        #endif
    }

    /// Whether standard error is a terminal.
    package static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}

/// A failed system call's `errno`, with the C library's words for it.
package struct SystemError: Error, CustomStringConvertible {
    /// The `errno` value.
    package var code: Int32
    package var description: String { String(cString: strerror(code)) }
}
