import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`: what operators and tools read.
struct OperationsController: Sendable {
    let store: any HabitStore
    let metrics: ServerMetrics

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get("/healthz") { _, _ in
            JSONResponse.bytes(Data(#"{"status":"ok"}"#.utf8), noStore: true)
        }
        router.get("/readyz") { _, _ in
            do {
                try await store.ping()
            } catch {
                throw HabitsError.unavailable(reason: "The store does not answer.")
            }
            return JSONResponse.bytes(Data(#"{"status":"ready"}"#.utf8), noStore: true)
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition()))
            )
        }
        router.get("/openapi.yaml") { _, _ in
            guard let text = OpenAPIDocument.text else {
                throw HabitsError.unavailable(reason: "The OpenAPI document is missing from this build.")
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: text))
            )
        }
    }
}

/// The OpenAPI 3.1 document of both APIs, kept as `Resources/openapi.yaml`.
enum OpenAPIDocument {
    /// The document's text, nil when the resource bundle is missing.
    static let text: String? = Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
}
