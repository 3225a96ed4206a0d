import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`: what operators and tools read.
struct OperationsController: Sendable {
    let store: any StoreHealth & StatisticsSource
    let metrics: ServerMetrics
    let authMode: AuthMode

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.health.routerPath, use: health)
        router.get(Routes.readiness.routerPath, use: readiness)
        router.get(Routes.metrics.routerPath, use: metricsExposition)
        router.get(Routes.openAPI.routerPath, use: openAPIDocument)
    }

    @Sendable func health(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        JSONResponse.bytes(Data(#"{"status":"ok"}"#.utf8), noStore: true)
    }

    @Sendable func readiness(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        do {
            try await store.ping()
        } catch {
            throw HabitsError.unavailable(reason: "The store does not answer.")
        }
        // In open mode the store's revision lets tools (the live load script) tell which commit an event
        // reflects. With accounts it is left out: anyone may ask, and how it moves would tell of writes
        // made by private accounts (a follow request, a log) that nothing else shows.
        let body =
            authMode == .open
            ? #"{"revision":\#(store.currentRevision()),"status":"ready"}"# : #"{"status":"ready"}"#
        return JSONResponse.bytes(Data(body.utf8), noStore: true)
    }

    @Sendable func metricsExposition(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition()))
        )
    }

    @Sendable func openAPIDocument(_ request: Request, context: HabitsRequestContext) async throws -> Response {
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

/// The OpenAPI 3.2 document of both APIs, kept as `Resources/openapi.yaml`.
enum OpenAPIDocument {
    /// The document's text, nil when the resource bundle cannot be found.
    static let text: String? = BundledResources.text(of: "openapi.yaml", bundle: "Habits_HabitsServer")
}

/// Where the server's resource files are: in SwiftPM's resource bundle beside the executable.
enum ServerResources {
    /// The places a resource named `name` (a file or folder) of the server may be, most specific first.
    static func candidateURLs(of name: String) -> [URL] {
        BundledResources.candidateURLs(of: name, bundle: "Habits_HabitsServer")
    }
}
