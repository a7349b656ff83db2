#if PostgreSQL
import Foundation
import HealthFixtures
import Testing

/// `docs/openapi.yaml`: a valid OpenAPI 3.1 document naming every route the server registers,
/// and the one `serve` answers.
@Suite("The API contract")
struct OpenAPIContractTests {
    static let document = Tool.repositoryRoot + "/docs/openapi.yaml"

    /// Every `router.METHOD("path", ...)` of the server's sources, as (METHOD, OpenAPI path).
    static func registeredRoutes() throws -> [String] {
        let folder = Tool.repositoryRoot + "/Sources/HealthServer"
        let pattern = try NSRegularExpression(pattern: #"router\.(get|post|put|patch|delete|head)\("([^"]+)""#)
        var routes: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let method = String(text[Range(match.range(at: 1), in: text)!])
                let path = String(text[Range(match.range(at: 2), in: text)!]).split(
                    separator: "/", omittingEmptySubsequences: false
                )
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
                routes.append("\(method.uppercased()) \(path)")
            }
        }
        return routes.sorted()
    }

    @Test(
        "openapi-spec-validator accepts the document, and it describes every route the server registers",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func validAndComplete() throws {
        let script = """
            import sys, yaml
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            spec, _ = read_from_filename(sys.argv[1])
            validate(spec)
            assert spec["openapi"].startswith("3.1"), spec["openapi"]
            for path, item in spec["paths"].items():
                for method, operation in item.items():
                    if method in ("get", "post", "put", "patch", "delete", "head"):
                        assert "responses" in operation and operation.get("operationId"), (method, path)
                        print(method.upper(), path)
            """
        let described = Set(try TestPython.run(script, [Self.document]).split(separator: "\n").map(String.init))
        let registered = try Self.registeredRoutes()
        #expect(registered.count >= 10, "\(registered)")
        for route in registered { #expect(described.contains(route), "\(route) is missing from docs/openapi.yaml") }
    }

    @Test(
        "serve answers docs/openapi.yaml at GET /openapi.yaml, without a key",
        .enabled(if: TestPostgres.url != nil, TestPostgres.reason))
    func served() throws {
        let server = try ServerProcess()
        let answer = try server.request("GET", "/openapi.yaml", token: nil)
        #expect(answer.status == 200)
        #expect(answer.text == (try String(contentsOfFile: Self.document, encoding: .utf8)))
        #expect(server.stop() == 0)
    }
}
#endif
