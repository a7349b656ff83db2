#if PostgreSQL
extension Blocking {
    /// Runs async work to its end, waiting on this thread (not a task of the cooperative pool).
    public static func wait<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        try run(body)
    }
}
#endif
