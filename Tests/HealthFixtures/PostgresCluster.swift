import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A throw-away PostgreSQL server for tests: its own folder, port and database `healthimport`,
/// trusting local connections, removed when the value goes away.
///
/// ``shared`` is the server most PostgreSQL tests share (`HEALTHIMPORT_TEST_POSTGRES`, else one
/// started for the test process); a test that stops its server makes one of its own.
public final class PostgresCluster: @unchecked Sendable {
    /// The server's folder (data, log, socket).
    public let folder: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The folder of `initdb` and `pg_ctl`.
    let binaries: String

    /// `postgresql://postgres@127.0.0.1:PORT/healthimport`.
    public var url: String { "postgresql://postgres@127.0.0.1:\(port)/healthimport" }
    /// `127.0.0.1:PORT`, as error messages name the server.
    public var address: String { "127.0.0.1:\(port)" }

    /// The URL of the shared test PostgreSQL: `HEALTHIMPORT_TEST_POSTGRES`, else a server
    /// started once for this test process (and stopped when it exits); `nil` when neither can be
    /// had (see ``skipReason``).
    public static let sharedURL: String? = {
        if let url = ProcessInfo.processInfo.environment["HEALTHIMPORT_TEST_POSTGRES"], !url.isEmpty { return url }
        guard binaryFolder != nil, let cluster = try? PostgresCluster(name: "shared") else { return nil }
        sharedCluster = cluster
        atexit { PostgresCluster.sharedCluster?.remove() }
        return cluster.url
    }()
    nonisolated(unsafe) private static var sharedCluster: PostgresCluster?

    /// Whether tests can have a PostgreSQL server of their own.
    public static var canStart: Bool { binaryFolder != nil }

    /// Why PostgreSQL tests skip.
    public static let skipReason =
        "PostgreSQL's server is not installed and HEALTHIMPORT_TEST_POSTGRES is not set: install it (Debian, Ubuntu: apt-get install postgresql; macOS: brew install postgresql), or run `eval \"$(Scripts/postgres.sh start)\"`"

    /// The newest installed server's binaries: `HEALTHIMPORT_PG_BIN`, Debian's
    /// `/usr/lib/postgresql/N/bin`, Homebrew's, or `pg_ctl` on the `PATH`.
    public static let binaryFolder: String? = {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["HEALTHIMPORT_PG_BIN"] { candidates.append(given) }
        let versions = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .compactMap(Int.init).sorted(by: >)
        candidates += versions.map { "/usr/lib/postgresql/\($0)/bin" }
        candidates += ["/opt/homebrew/bin", "/usr/local/bin"]
        candidates += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return candidates.first { fileManager.isExecutableFile(atPath: $0 + "/pg_ctl") }
    }()

    /// Creates and starts a new server whose folder's name begins with `name`.
    public init(name: String) throws {
        guard let binaries = Self.binaryFolder else { throw Failure(Self.skipReason) }
        self.binaries = binaries
        folder = NSTemporaryDirectory() + "healthimport-pg-\(name)-" + UUID().uuidString.prefix(8)
        port = try Self.freePort()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if Self.isRoot { try Self.command("/bin/chown", ["postgres", folder]) }
        try asOwner(
            "initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale"])
        try start()
        try asOwner("createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "healthimport"])
    }

    deinit { remove() }

    /// Starts the server (again), waiting until it takes connections.
    public func start() throws {
        try asOwner(
            "pg_ctl",
            [
                "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-o",
                "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100",
                "start",
            ])
    }

    /// Stops the server as a crash would (`pg_ctl -m immediate stop`): every connection drops.
    public func stop() throws {
        try asOwner("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// Freezes the server and its connections (SIGSTOP): a database that takes connections
    /// but never answers, as a hung or overloaded host would.
    public func freeze() throws { try signalServer("-STOP", SIGSTOP) }

    /// Lets a frozen server go on (SIGCONT).
    public func thaw() throws { try signalServer("-CONT", SIGCONT) }

    private func signalServer(_ name: String, _ signal: Int32) throws {
        let pidFile = (try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)) ?? ""
        guard let pid = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw Failure("the server of \(folder) is not running")
        }
        try? Self.command("/usr/bin/pkill", [name, "-P", "\(pid)"])
        kill(pid, signal)
    }

    /// Stops the server if it runs and deletes its files.
    public func remove() {
        guard FileManager.default.fileExists(atPath: folder) else { return }
        _ = try? asOwner("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: Running the server's programs

    private static var isRoot: Bool { getuid() == 0 }

    /// Runs one of the server's programs, as the `postgres` account when running as root
    /// (`initdb` and `postgres` refuse root).
    private func asOwner(_ program: String, _ arguments: [String]) throws {
        let path = binaries + "/" + program
        if Self.isRoot {
            try Self.command("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        } else {
            try Self.command(path, arguments)
        }
    }

    /// Runs `executable` and waits for it, with `posix_spawn` and `waitpid`: Foundation's
    /// `Process` waits on until every process that inherited its descriptors ends, and
    /// `pg_ctl start` leaves the server running.
    private static func command(_ executable: String, _ arguments: [String]) throws {
        let errorPath = NSTemporaryDirectory() + "healthimport-pg-command-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure("\(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let said = FileManager.default.contents(atPath: errorPath) ?? Data()
            throw Failure(
                "\(executable) \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
        }
    }

    /// A TCP port free on 127.0.0.1 (the system's choice for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let socket = try LoopbackSocket.open(listening: false)
        close(socket.handle)
        return socket.port
    }

    /// A server that could not be set up.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
