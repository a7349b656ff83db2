#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's modification time in nanoseconds since 1970, from its `stat`: the field's name
/// differs between Linux and Darwin.
func modificationNanoseconds(_ info: stat) -> Int64 {
    #if canImport(Darwin)
    return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
    return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
}
