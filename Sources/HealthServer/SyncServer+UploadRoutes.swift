#if PostgreSQL
import Hummingbird

/// The routes of resumable uploads, and the sweep that drops expired ones.
extension SyncServer {
    func addUploadRoutes(to router: Router<BasicRequestContext>) {
        router.on("/api/healthkit/uploads", method: .options, use: tus(uploadOptions))
        router.post("/api/healthkit/uploads", use: tus(createUpload))
        router.head("/api/healthkit/uploads/:id", use: tus(uploadOffset, bodyless: true))
        router.patch("/api/healthkit/uploads/:id", use: tus(appendToUpload))
        router.get("/api/healthkit/uploads/:id", use: tus(uploadResult))
        startUploadSweep()
    }

    /// Runs a route of the protocol: its failures answered as `{"error": ...}` with their
    /// status (with no body for `HEAD`), every answer with `Tus-Resumable`, and `Tus-Version`
    /// beside a `412`.
    private func tus(_ route: @escaping @Sendable (Request) async throws -> Response, bodyless: Bool = false)
        -> @Sendable (Request, BasicRequestContext) async throws -> Response
    {
        { request, _ in
            var response: Response
            do {
                response = try await route(request)
            } catch {
                response = Reply.failure(error)
                if bodyless { response = Response(status: response.status, headers: response.headers) }
                if response.status == .preconditionFailed { response.headers[TusHeader.versions] = TusHeader.version }
            }
            response.headers[TusHeader.resumable] = TusHeader.version
            return response
        }
    }
}
#endif
