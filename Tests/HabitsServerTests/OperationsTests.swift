import Foundation
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import Testing

@Suite struct OperationsTests {
    @Test func healthAndReadinessFollowTheStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-ready-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteHabitStore(path: folder.appendingPathComponent("habits.sqlite").path)
        try await makeApplication(store: store).test(.router) { client in
            #expect(try await client.send("/healthz").status == .ok)
            let ready = try await client.send("/readyz")
            #expect(ready.status == .ok)
            #expect(String(buffer: ready.body) == #"{"revision":\#(store.currentRevision()),"status":"ready"}"#)
            try store.close()
            try expectError(try await client.send("/readyz"), .serviceUnavailable, code: "unavailable")
            #expect(try await client.send("/healthz").status == .ok, "liveness does not depend on the store")
        }
    }

    @Test func metricsCountRequestsByRouteAndStatusAndLogsWritten() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let metrics = ServerMetrics(registry: PrometheusCollectorRegistry())
        let app = makeApplication(store: store, metrics: metrics)
        let user1 = try await userID(store, key: "user1")
        let run = try await habitID(store, named: "Run")
        try await app.test(.router) { client in
            _ = try await client.send("/v1/users/\(user1)")
            _ = try await client.send("/v1/users/99999")
            _ = try await client.send(
                "/loggedHabit", .post,
                try jsonBody(CourseClient.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now)))
            _ = try await client.send(
                "/v1/logs/batch", .post,
                try v1Body([
                    "logs": Array(repeating: LogDraft(userID: user1, habitID: run, timestamp: Fixture.now), count: 3)
                ]))
            let response = try await client.send("/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = String(buffer: response.body)
            #expect(
                text.contains(#"habits_http_requests_total{method="GET",route="/v1/users/{userID}",status="200"} 1"#))
            #expect(
                text.contains(#"habits_http_requests_total{method="GET",route="/v1/users/{userID}",status="404"} 1"#))
            #expect(
                text.contains(
                    "habits_http_request_duration_seconds_count"
                        + #"{method="GET",route="/v1/users/{userID}",status="200"} 1"#
                ))
            #expect(text.contains("habits_logs_written_total 4"))
        }
    }

    @Test func anotherMethodOnAKnownPathIs405WithAllow() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let response = try await client.send("/v1/users", .put)
            try expectError(response, .methodNotAllowed, code: "method_not_allowed")
            #expect(response.headers[.allow] == "GET, POST")
            #expect(try await client.send("/v1/habits/3", .post).headers[.allow] == "DELETE, GET, PATCH")
            #expect(
                try await client.send("/v1/logs/batch").headers[.allow] == "POST",
                "a literal segment wins over a capture")
            try expectError(try await client.send("/nowhere"), .notFound, code: "not_found")
        }
    }
}
