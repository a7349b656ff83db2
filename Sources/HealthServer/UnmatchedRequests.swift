#if PostgreSQL
import Hummingbird

/// Answers a request no route takes (an unknown path, or a method a path does not have) as the
/// routes answer their failures, `{"error": ...}`, rather than with an empty body.
struct UnmatchedRequests<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return Reply.error(
                .notFound, "no route takes \(request.method) \(request.uri.path): the routes are in GET /openapi.yaml")
        }
    }
}
#endif
