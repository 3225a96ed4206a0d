import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`: what operators and tools read.
struct OperationsController: Sendable {
    let store: any StoreHealth & StatisticsSource
    let metrics: ServerMetrics

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router
            .get("/healthz", use: health)
            .get("/readyz", use: readiness)
            .get("/metrics", use: metricsExposition)
            .get("/openapi.yaml", use: openAPIDocument)
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
        // The store's revision lets tools (the live load script) tell which commit an event reflects.
        let body = #"{"revision":\#(store.currentRevision()),"status":"ready"}"#
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

/// The OpenAPI 3.1 document of both APIs, kept as `Resources/openapi.yaml`.
enum OpenAPIDocument {
    /// The document's text, nil when the resource bundle cannot be found.
    ///
    /// SwiftPM's generated `Bundle.module` traps on Linux when the bundle is not beside the binary
    /// (a copied executable, a cleaned build folder), so the bundle is looked up without it.
    static let text: String? = candidateURLs().lazy
        .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        .first

    static func candidateURLs() -> [URL] {
        let bundleName = "Habits_HabitsServer"
        var folders: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["HABITS_RESOURCES"] {
            folders.append(URL(fileURLWithPath: explicit))
        }
        folders.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            folders.append(executable.deletingLastPathComponent())
        }
        return folders.flatMap { folder in
            [
                folder.appendingPathComponent("openapi.yaml"),
                folder.appendingPathComponent("\(bundleName).resources/openapi.yaml"),
                folder.appendingPathComponent("\(bundleName).bundle/openapi.yaml"),
                folder.appendingPathComponent("\(bundleName).bundle/Contents/Resources/openapi.yaml"),
            ]
        }
    }
}
