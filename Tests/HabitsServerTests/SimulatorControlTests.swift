import Prometheus
import Foundation
import HabitsDemo
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import habits

@Suite struct SimulatorControlTests {
    @Test func controlsRefuseCallersThatAreNotLocal() async throws {
        // Router tests have no socket, hence no loopback address: the guard must refuse them.
        let app = makeApplication(
            store: try await SQLiteHabitStore.temporary(content: Fixture.content()),
            demo: DemoDataSet(now: Fixture.now))
        try await app.test(.router) { client in
            for (uri, method) in [
                ("/control/simulator/status", HTTPRequest.Method.get), ("/control/simulator/start", .post),
                ("/control/simulator/reset", .post),
            ] {
                try await client.execute(uri: uri, method: method) { response throws in
                    try expectError(response, .forbidden, code: "forbidden")
                }
            }
        }
    }

    @Test func loopbackCallersStartStopResetAndSetSpeed() async throws {
        let demo = DemoDataSet(activeUserID: "user0", now: Fixture.now)
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        let app = makeApplication(store: store, demo: demo)
        try await app.test(.live) { client in
            try await client.execute(uri: "/control/simulator/status", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "stopped")
            }
            try await client.execute(uri: "/control/simulator/start", method: .post) { response throws in
                #expect(String(buffer: response.body) == "running")
            }
            try await client.execute(uri: "/control/simulator/speed/1.50", method: .post) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[HTTPField.Name("X-Simulator-Speed")!] == "1.50")
            }
            for bad in ["fast", "0", "1000", "nan"] {
                try await client.execute(uri: "/control/simulator/speed/\(bad)", method: .post) { response throws in
                    try expectError(response, .unprocessableContent)
                }
            }
            try await client.execute(uri: "/control/simulator/stop", method: .post) { response throws in
                #expect(String(buffer: response.body) == "stopped")
            }
            try await client.execute(uri: "/control/simulator/reset", method: .post) { response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/users", method: .get) { response throws in
                #expect(try decode([String: CourseClient.User].self, response).count == 41)
            }
        }
    }

    @Test func withoutDemoModeTheControlsDoNotExist() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        try await app.test(.live) { client in
            for (uri, method) in [
                ("/control/simulator/status", HTTPRequest.Method.get), ("/control/simulator/start", .post),
                ("/control/simulator/stop", .post), ("/control/simulator/reset", .post),
                ("/control/simulator/speed/2", .post),
            ] {
                try await client.execute(uri: uri, method: method) { response throws in
                    try expectError(response, .notFound, code: "not_found")
                }
            }
        }
        #expect(try await store.users().count == 5)
    }

    @Test func aResetNeverDeletesDataTheDemoDidNotCreate() async throws {
        // A demo server on a store whose content someone else wrote (`habits serve --demo` refuses to
        // start on one; this is the simulator's own guard).
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store, demo: DemoDataSet(activeUserID: "user0", now: Fixture.now))
        try await app.test(.live) { client in
            try await client.execute(uri: "/control/simulator/reset", method: .post) { response throws in
                try expectError(response, .conflict, code: "conflict")
            }
        }
        #expect(try await store.users().count == 5)
        #expect(try await store.contentOrigin() == .other(users: 5, habits: 4, logs: 0))
    }

    @Test func aResetNeverDeletesWhatPeopleWroteToTheDemosData() async throws {
        let demo = DemoDataSet(activeUserID: "activeUser", now: Fixture.now)
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        let app = makeApplication(store: store, demo: demo)
        try await app.test(.live) { client in
            // The simulator's own controls and a refused write mark nothing: a reset would still run. (The
            // mark is read from the store: a reset itself, reloading the whole demo, is another test's.)
            try await client.execute(uri: "/control/simulator/stop", method: .post) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/v1/users", method: .post, headers: [.contentType: "application/json"],
                body: try jsonBody(["name": ""])
            ) { try expectError($0, .unprocessableContent) }
            #expect(try await store.demoWrittenByPeople() == false)
            // A person adds themselves: from now on a reset would delete them, and is refused.
            try await client.execute(
                uri: "/v1/users", method: .post, headers: [.contentType: "application/json"],
                body: try jsonBody(["name": "Real person", "key": "realperson"])
            ) { #expect($0.status == .created) }
            try await client.execute(uri: "/control/simulator/reset", method: .post) { response throws in
                try expectError(response, .conflict, code: "conflict")
            }
        }
        #expect(try await store.users().contains { $0.id == "realperson" })
        #expect(try await store.demoWrittenByPeople())
    }

    @Test func simulatedLogsAreCountedInTheMetrics() async throws {
        let demo = DemoDataSet(activeUserID: "activeUser", now: Fixture.now)
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        let metrics = ServerMetrics()
        let simulator = ActivitySimulator(
            store: store, demo: demo, activeUserID: "activeUser", startRunning: true, logger: Logger(label: "test"),
            metrics: metrics)
        try await simulator.setSpeed(100)
        let before = store.currentRevision()
        await simulator.step(seconds: 2)
        #expect(store.currentRevision() > before)
        let exposition = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)
        let line = exposition.split(separator: "\n").first { $0.hasPrefix("habits_logs_written_total ") }
        let written = line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        let logged = try await store.statisticsSnapshot().combined().userStatistics.flatMap(\.habitCounts).map(\.count)
            .reduce(0, +)
        #expect(written > 0)
        #expect(Int(written) == logged - demo.logs.count)
    }

    @Test func crossSiteRequestsCannotDriveTheSimulator() async throws {
        let app = makeApplication(
            store: try await SQLiteHabitStore.temporary(content: Fixture.content()),
            demo: DemoDataSet(activeUserID: "user0", now: Fixture.now))
        try await app.test(.live) { client in
            try await client.execute(
                uri: "/control/simulator/reset", method: .post,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            ) { response throws in
                try expectError(response, .forbidden, code: "cross_site_request")
            }
            try await client.execute(
                uri: "/control/simulator/start", method: .post, headers: [.origin: "http://evil.example"]
            ) { response throws in
                try expectError(response, .forbidden, code: "cross_site_request")
            }
            try await client.execute(
                uri: "/control/simulator/start", method: .post,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
            ) { response throws in
                #expect(response.status == .ok)
            }
        }
    }
}
