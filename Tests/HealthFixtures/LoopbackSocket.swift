import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on 127.0.0.1 at a port the system chooses, for tests that need a free port or a
/// peer that never answers.
public enum LoopbackSocket {
    /// A socket that could not be set up.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens a TCP socket bound to 127.0.0.1 at a port of the system's choice, listening when
    /// `listening` is true (the kernel then completes connections nobody accepts). The caller
    /// closes `handle`.
    public static func open(listening: Bool) throws -> (handle: Int32, port: Int) {
        let handle = try newSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(handle, generic, length) == 0 && (!listening || listen(handle, 16) == 0)
                    && getsockname(handle, generic, &length) == 0
            }
        }
        guard bound else {
            let message = String(cString: strerror(errno))
            close(handle)
            throw Failure(description: "bind: \(message)")
        }
        return (handle, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A TCP socket connected to 127.0.0.1:`port`, whose reads give up after `readTimeout`
    /// seconds. The caller closes it.
    public static func connected(port: Int, readTimeout: Int = 30) throws -> Int32 {
        let handle = try newSocket()
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                connect(handle, generic, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let message = String(cString: strerror(errno))
            close(handle)
            throw Failure(description: "connect: \(message)")
        }
        return handle
    }

    /// Sends all of `bytes` on `handle`.
    public static func send(_ bytes: Data, on handle: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                write(handle, raw.baseAddress! + offset, raw.count - offset)
            }
            guard sent > 0 else { throw Failure(description: "write: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// A new TCP socket.
    private static func newSocket() throws -> Int32 {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let handle = socket(AF_INET, socketType, 0)
        guard handle >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        return handle
    }
}
