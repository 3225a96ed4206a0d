import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import Testing

@testable import HabitsServer

/// The value of the metric `name` (without labels) in `metrics`' exposition.
func metricValue(_ name: String, in metrics: ServerMetrics) -> Double? {
    let text = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
        return Double(line.dropFirst(name.count + 1))
    }
    return nil
}

/// The hub's screens are bounded in bytes, counted from their documents and history; one entry per document.
@Suite struct ScreenCacheTests {
    static func hub(byteBudget: Int, metrics: ServerMetrics = ServerMetrics()) async throws
        -> (ScreenHub, SQLiteHabitStore, users: [String: Int64], habits: [String: Int64])
    {
        let (store, users, habits) = try await screenStore()
        let hub = ScreenHub(
            store: store, metrics: metrics, logger: Logger(label: "test"), clock: { Fixture.now },
            byteBudget: byteBudget)
        return (hub, store, users, habits)
    }

    /// The calendars of 36 months before the fixture's, each its own document of about the same size.
    static func months(viewer: Int64, habit: Int64) -> [ScreenRequest] {
        var month = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current).month
        return (0..<36).map { _ in
            month = month.previous
            return ScreenRequest(screen: .streak, viewerID: viewer, habitID: habit, month: month)
        }
    }

    @Test func theCacheStaysWithinItsBudgetDroppingTheLeastRecentlyUsed() async throws {
        let (probe, _, users, habits) = try await Self.hub(byteBudget: .max)
        let requests = Self.months(viewer: try #require(users["user0"]), habit: try #require(habits["Run"]))
        _ = try await probe.document(for: requests[0])
        let entryBytes = await probe.cachedBytes
        #expect(entryBytes > ScreenDocumentCache.entryOverhead)

        // Room for about eight calendars.
        let budget = entryBytes * 8
        let (hub, _, _, _) = try await Self.hub(byteBudget: budget)
        var uses: [ScreenRequest] = []
        for (index, request) in requests.enumerated() {
            _ = try await hub.document(for: request)
            uses.append(request)
            // Every third request also uses an older calendar again, which keeps it.
            if index % 3 == 2 {
                _ = try await hub.document(for: requests[index - 2])
                uses.append(requests[index - 2])
            }
            #expect(await hub.cachedBytes <= budget)
            #expect(await hub.cachedBytes == hub.recountedBytes())
        }
        // What is kept is exactly the most recently used: a suffix of the uses, by their last use.
        var recency: [ScreenRequest] = []
        for request in uses.reversed() where !recency.contains(request) { recency.append(request) }
        var kept: [Bool] = []
        for request in recency { kept.append(await hub.holds(request)) }
        let count = kept.prefix { $0 }.count
        #expect(count >= 4 && count < requests.count, "kept \(count) of \(requests.count)")
        #expect(!kept.dropFirst(count).contains(true), "a screen used earlier was kept over one used later")
        #expect(await hub.entryCount == count)
    }

    @Test func aScreenWithSubscribersIsNeverDroppedButCounts() async throws {
        let metrics = ServerMetrics()
        let (hub, _, users, habits) = try await Self.hub(byteBudget: 1, metrics: metrics)
        let requests = Self.months(viewer: try #require(users["user0"]), habit: try #require(habits["Run"]))
        let (id, wake, _) = try await hub.subscribe(requests[0])
        #expect(await ScreenHubWakeTests.wakes(wake, within: 5))
        guard case .document(let document) = try #require(await hub.nextEvent(for: id, after: nil)) else {
            Issue.record("the subscriber has no document")
            return
        }
        for request in requests.dropFirst(1) { _ = try await hub.document(for: request) }
        #expect(await hub.holds(requests[0]))
        #expect(await hub.entryCount == 1)
        #expect(await hub.cachedBytes == hub.recountedBytes())
        #expect(await hub.cachedBytes >= document.estimatedByteCount)
        #expect(metricValue("habits_screen_cache_entries", in: metrics) == 1)
        #expect(metricValue("habits_screen_cache_live_entries", in: metrics) == 1)
        #expect(metricValue("habits_screen_cache_bytes", in: metrics) == Double(await hub.cachedBytes))
        #expect(metricValue("habits_live_subscribers", in: metrics) == 1)
        await hub.unsubscribe(id)
        #expect(await hub.entryCount == 0)
        #expect(await hub.cachedBytes == 0)
        #expect(metricValue("habits_screen_cache_bytes", in: metrics) == 0)
    }

    @Test func aRequestThatFailsLeavesNothing() async throws {
        let (hub, _, users, habits) = try await Self.hub(byteBudget: .max)
        let viewer = try #require(users["user0"])
        let run: Int64 = try #require(habits["Run"])
        let future = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current).month.next
        let failing = [
            ScreenRequest(screen: .streak, viewerID: viewer, habitID: run, month: future),
            ScreenRequest(screen: .habit, viewerID: viewer, habitID: 999_999),
            ScreenRequest(screen: .home, viewerID: 999_999),
        ]
        for request in failing {
            await #expect(throws: HabitsError.self) { _ = try await hub.document(for: request) }
            await #expect(throws: HabitsError.self) { _ = try await hub.subscribe(request) }
        }
        #expect(await hub.entryCount == 0)
        #expect(await hub.cachedBytes == 0)
        #expect(await hub.subscriptionCount == 0)
        #expect(await hub.liveCount == 0)
    }

    @Test func unreadParametersShareOneEntryAndMadeUpOnesAreRefused() async throws {
        let (store, _, habits) = try await screenStore()
        let metrics = ServerMetrics()
        let app = makeApplication(
            store: store, metrics: metrics, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        let run = try #require(habits["Run"])
        try await app.test(.router) { client in
            for query in ["", "?q=cat", "?layout=grid&month=2024-01", "?habit=\(run)&collapsed=flags&of=3&tag=1"] {
                #expect(try await client.send("/v1/screens/home" + query).status == .ok, "\(query)")
            }
            #expect(metricValue("habits_screen_cache_entries", in: metrics) == 1)

            let picker = "/v1/screens/emoji?habit=\(run)"
            #expect(try await client.send(picker + "&collapsed=flags,recents").status == .ok)
            for made in ["made-up", "flags,made-up", "Flags", "flags,", ",flags"] {
                try expectError(
                    try await client.send(picker + "&collapsed=" + made), .unprocessableContent, code: "invalid")
                try expectError(
                    try await client.send("/screens/emoji?habit=\(run)&collapsed=" + made), .unprocessableContent,
                    code: "invalid")
            }
            try expectError(
                try await client.send("/v1/screens/streak?habit=\(run)&month=2026-12"), .unprocessableContent,
                code: "invalid")
            try expectError(
                try await client.send("/v1/screens/streak?habit=\(run)&month=2026-00"), .badRequest,
                code: "malformed_request")
            #expect(metricValue("habits_screen_cache_entries", in: metrics) == 2)
        }
    }

    /// The OpenAPI document's pattern for `collapsed` names exactly the groups the server accepts.
    @Test func theOpenAPIPatternNamesEveryCollapsibleGroup() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        try await makeApplication(store: store).test(.router) { client in
            let yaml = String(buffer: try await client.send("/openapi.yaml").body)
            let line = try #require(yaml.split(separator: "\n").first { $0.contains("pattern: \"^((smileys-emotion") })
            let alternatives = try #require(line.split(separator: "(").dropFirst().first?.split(separator: ")").first)
            #expect(Set(alternatives.split(separator: "|").map(String.init)) == ScreenRequest.collapsibleGroups)
        }
    }
}
