import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// `/metrics` counts everyone's activity: in accounts mode only an administrator, or a scraper from a
/// `--metrics-host` address, reads it.
@Suite struct MetricsAccessTests {
    @Test func inAccountsModeOnlyAnAdministratorReadsTheMetrics() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let admin = try await client.signUp("ada")
            let member = try await client.signUp("bob")
            try expectError(try await client.send("/metrics", as: nil), .unauthorized)
            try expectError(try await client.send("/metrics", as: member), .forbidden)
            let read = try await client.send("/metrics", as: admin)
            #expect(read.status == .ok)
            #expect(String(buffer: read.body).contains("habits_http_requests_total"))
        }
    }

    @Test func inOpenModeOnThisMachineAnyoneReadsThem() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let response = try await client.send("/metrics")
            #expect(response.status == .ok)
        }
    }

    @Test func aScraperFromAMetricsHostReadsThemWithoutCredentials() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        var configuration = accountsConfiguration
        configuration.metricsScrapers = [try #require(IPAddressRange("127.0.0.1"))]
        try await makeApplication(store: store, configuration: configuration).test(.live) { client in
            let port = try #require(client.port)
            let scraped = try await sendLive(port: port, "/metrics", authority: "127.0.0.1:\(port)")
            #expect(scraped.head.status == .ok)
        }
        var elsewhere = accountsConfiguration
        elsewhere.metricsScrapers = [try #require(IPAddressRange("10.0.0.0/8"))]
        try await makeApplication(store: store, configuration: elsewhere).test(.live) { client in
            let port = try #require(client.port)
            let refused = try await sendLive(port: port, "/metrics", authority: "127.0.0.1:\(port)")
            #expect(refused.head.status == .unauthorized)
        }
    }
}
