import Foundation
import HabitsDemo
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import Yams

/// The operations (`GET /v1/users/{userID}`) listed under `paths:` of the served document, read as YAML.
func documentedOperations(_ yaml: String) throws -> Set<String> {
    let document = try #require(try Yams.load(yaml: yaml) as? [String: Any], "openapi.yaml is not a mapping")
    let paths = try #require(document["paths"] as? [String: Any], "openapi.yaml has no paths")
    let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options"]
    var operations = Set<String>()
    for (path, item) in paths {
        for method in (item as? [String: Any] ?? [:]).keys where methods.contains(method) {
            operations.insert("\(method.uppercased()) \(path)")
        }
    }
    return operations
}

@Suite struct OpenAPIDocumentTests {
    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let router = makeDemoRouter(store: store, configuration: ServerConfiguration())
        let routed = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })

        let app = makeApplication(store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now))
        try await app.test(.router) { client in
            let response = try await client.send("/openapi.yaml")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            let yaml = String(buffer: response.body)
            #expect(yaml.hasPrefix("openapi: 3.2.0"))
            let documented = try documentedOperations(yaml)
            #expect(documented.count > 40)
            #expect(routed.subtracting(documented).sorted() == [], "routes missing from openapi.yaml")
            #expect(documented.subtracting(routed).sorted() == [], "documented routes the router lacks")
            #expect(yaml.contains("#/components/schemas/Error"))
            // Each event stream describes its events (OpenAPI 3.2), not the stream as one string.
            #expect(yaml.components(separatedBy: "text/event-stream:\n              itemSchema:").count == 3)
            #expect(!yaml.contains("text/event-stream: { schema"))
        }
    }

    /// The routes are declared once, in `Routes`: the router serves exactly those, and each is documented.
    @Test func everyDeclaredRouteIsRegisteredAndDocumented() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let router = makeDemoRouter(store: store, configuration: ServerConfiguration())
        let routed = Set(router.routes.map(\.path.description))
        let yaml = try #require(OpenAPIDocument.text)
        let documentedPaths = Set(try documentedOperations(yaml).map { $0.split(separator: " ")[1] })
        for route in Routes.all {
            #expect(routed.contains(route.openAPIPath), "\(route) is not registered")
            #expect(documentedPaths.contains(Substring(route.openAPIPath)), "\(route) is not documented")
        }
        // A route registered without being declared would be a path written twice.
        #expect(routed.subtracting(Routes.all.map(\.openAPIPath)).sorted() == [], "registered but not in Routes")
        #expect(Set(Routes.all).count == Routes.all.count, "a route declared twice")
    }

    @Test func aRouteFillsItsParametersPercentEncoded() {
        #expect(Routes.day.path(1, 2, "2026-03-10") == "/v1/users/1/habits/2/days/2026-03-10")
        #expect(Routes.userImage.path("zoë b") == "/images/zo%C3%AB%20b")
        #expect(Routes.favorite.parameterNames == ["userID", "habitID"])
        #expect(Routes.favorite.openAPIPath == "/v1/users/{userID}/favorites/{habitID}")
    }
}
