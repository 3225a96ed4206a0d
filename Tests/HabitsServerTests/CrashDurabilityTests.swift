import Foundation
import HabitsDemo
import HabitsTestSupport
import HabitsDomain
import HabitsSQLite
import HabitsStore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An acknowledged log survives `kill -9`: the real `habits serve` ingests logs through both APIs,
/// single and batch, and is killed at a random moment; after a restart on the same file (or the same
/// PostgreSQL database) every acknowledged log is there, no batch is half-written, and the counters
/// equal a recount.
@Suite(.serialized) struct CrashDurabilityTests {
    /// What the writers were told was stored, by the millisecond offset that names each log.
    actor Acknowledged {
        var singles: [Int] = []
        var batches: [[Int]] = []
        var attemptedBatches: [[Int]] = []
        func single(_ offset: Int) { singles.append(offset) }
        func attempt(_ batch: [Int]) { attemptedBatches.append(batch) }
        func batch(_ batch: [Int]) { batches.append(batch) }
        /// How many writes were acknowledged.
        var count: Int { singles.count + batches.count }
        /// Set once the server is dead; writers stop at their next request.
        var isFinished = false
        func finish() { isFinished = true }
    }

    actor OffsetCounter {
        var next = 0
        func take(_ count: Int) -> [Int] {
            defer { next += count }
            return Array(next..<(next + count))
        }
    }

    static let base = Date().addingTimeInterval(-86_400).timeIntervalSince1970.rounded(.down)

    @Test(.timeLimit(.minutes(3)), arguments: [11, 23, 37] as [UInt64])
    func acknowledgedLogsSurviveSIGKILL(seed: UInt64) async throws {
        let temporary = try TemporaryDatabase()
        let database = temporary.path
        _ = try await Self.crash(database: database, seed: seed)
        let store = try SQLiteHabitStore(path: database)
        defer { try? store.close() }
        let recount = try await store.recountFromLogs()
        let snapshot = try await store.statisticsSnapshot()
        for pair in recount {
            #expect(snapshot.count(userID: pair.userID, habitName: pair.habitName) == pair.count)
        }
        let counted = snapshot.combined().userStatistics.flatMap(\.habitCounts).map(\.count).reduce(0, +)
        #expect(counted == recount.map(\.count).reduce(0, +))
    }

    /// The same on PostgreSQL: the instance is killed, the database is not; the restarted instance finds
    /// every acknowledged log, and the counter of the pair written equals its logs.
    @Test(.timeLimit(.minutes(3)), .enabled(if: PostgresTestStores.shouldRun))
    func acknowledgedLogsSurviveSIGKILLOfAPostgreSQLInstance() async throws {
        let url = try #require(PostgresTestStores.url)
        let schema = "habits_crash_\(getpid())"
        let database = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)&pool=4"
        let (restarted, userID) = try await Self.crash(database: database, seed: 41, keepRunning: true)
        defer { if restarted.process.isRunning { restarted.process.terminate() } }
        let server = "http://127.0.0.1:\(restarted.port)"
        let habitID = try await Self.internalID(server, key: "Meditate", path: "habits", field: "name")
        var logs = 0
        var cursor: String?
        repeat {
            var path = "\(server)/v1/users/\(userID)/logs?limit=200"
            if let cursor { path += "&cursor=\(cursor)" }
            let page = try HabitsJSON.decoder().decode(Page<Log>.self, from: try await ServeProcessTests.request(path))
            logs += page.items.count { $0.habitID == Int64(habitID) }
            cursor = page.nextCursor
        } while cursor != nil
        let stats = try JSONSerialization.jsonObject(
            with: try await ServeProcessTests.request("\(server)/userStats?ids=\(DemoDataSet.defaultActiveUserID)"))
        let counted = ((stats as? [[String: Any]])?.first?["habitCounts"] as? [[String: Any]])?
            .first { ($0["habit"] as? [String: Any])?["name"] as? String == "Meditate" }?["count"] as? Int
        #expect(counted == logs, "the counter equals the logs of its pair")
        restarted.process.terminate()
        restarted.process.waitUntilExit()
    }

    /// A running restarted server: its process and port.
    struct Restarted {
        var process: Process
        var port: Int
    }

    /// Starts `habits serve --demo` on `database`, writes through both APIs from 8 writers, kills the
    /// server with SIGKILL at a random moment, restarts it and checks that every acknowledged log is
    /// there and no batch is half-written. Returns the restarted server (stopped unless `keepRunning`)
    /// and the active user's id.
    static func crash(database: String, seed: UInt64, keepRunning: Bool = false) async throws
        -> (restarted: Restarted, userID: Int)
    {
        let executable = try #require(ServeProcessTests.locateExecutable())

        let (server, output) = try ServeProcessTests.launch(executable, database: database, logLevel: "warning")
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let port = try await ServeProcessTests.readPort(from: output.fileHandleForReading)
        let base = "http://127.0.0.1:\(port)"
        let userID = try await Self.internalID(base, key: DemoDataSet.defaultActiveUserID, path: "users", field: "key")
        let habitID = try await Self.internalID(base, key: "Meditate", path: "habits", field: "name")

        var random = SeededRandom(seed: seed)
        let killAfter = Duration.milliseconds(Int.random(in: 300...1_500, using: &random))
        let acknowledged = Acknowledged()
        let session = URLSession(configuration: .ephemeral)
        let offsets = OffsetCounter()
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        var round = writer
                        // A flag, not task cancellation: cancelling URLSession's tasks on Linux can block.
                        while await !acknowledged.isFinished {
                            round += 1
                            switch round % 3 {
                            case 0:
                                let offset = await offsets.take(1)[0]
                                let body =
                                    #"{"userID":"activeUser","habitName":"Meditate","#
                                    + #""timestamp":"\#(Self.instant(offset))"}"#
                                if await Self.post(session, "\(base)/loggedHabit", body) == 200 {
                                    await acknowledged.single(offset)
                                }
                            case 1:
                                let offset = await offsets.take(1)[0]
                                let body =
                                    #"{"userID":\#(userID),"habitID":\#(habitID),"#
                                    + #""timestamp":"\#(Self.instant(offset))"}"#
                                if await Self.post(session, "\(base)/v1/logs", body) == 201 {
                                    await acknowledged.single(offset)
                                }
                            default:
                                let batch = await offsets.take(5)
                                await acknowledged.attempt(batch)
                                let logs = batch.map {
                                    #"{"userID":\#(userID),"habitID":\#(habitID),"timestamp":"\#(Self.instant($0))"}"#
                                }
                                let body = #"{"logs":[\#(logs.joined(separator: ","))]}"#
                                if await Self.post(session, "\(base)/v1/logs/batch", body) == 201 {
                                    await acknowledged.batch(batch)
                                }
                            }
                        }
                    }
                }
            }
        }
        // The kill comes at a random moment once writes are answered (a new PostgreSQL pool connects first).
        for _ in 0..<3_000 where await acknowledged.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: killAfter)
        kill(server.processIdentifier, SIGKILL)
        // Polled rather than `waitUntilExit()`, which would hold one of the few cooperative threads.
        while server.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        await acknowledged.finish()
        await writers.value

        // Restart on the same file and read back every log of the active user since `base`.
        let (restarted, restartedOutput) = try ServeProcessTests.launch(
            executable, database: database, logLevel: "warning")
        let newPort = try await ServeProcessTests.readPort(from: restartedOutput.fileHandleForReading)
        let stored = try await Self.storedOffsets("http://127.0.0.1:\(newPort)", userID: userID)
        _ = try await ServeProcessTests.request("http://127.0.0.1:\(newPort)/control/simulator/stop", method: "POST")
        if !keepRunning {
            restarted.terminate()
            restarted.waitUntilExit()
        }

        let singles = await acknowledged.singles
        let batches = await acknowledged.batches
        #expect(singles.count + batches.count > 0, "the writers got answers before the kill")
        for offset in singles { #expect(stored.contains(offset), "acknowledged log \(offset) is missing") }
        for batch in batches { #expect(batch.allSatisfy(stored.contains), "acknowledged batch \(batch) is missing") }
        for batch in await acknowledged.attemptedBatches {
            let present = batch.filter(stored.contains).count
            #expect(present == 0 || present == batch.count, "batch \(batch) is half-written")
        }
        return (Restarted(process: restarted, port: newPort), userID)
    }

    static func instant(_ offset: Int) -> String {
        HabitsJSON.formatInstant(Date(timeIntervalSince1970: base + Double(offset) / 1_000))
    }

    /// POSTs JSON; the status, or 0 when the connection failed (the server was killed).
    static func post(_ session: URLSession, _ url: String, _ body: String) async -> Int {
        guard let url = URL(string: url) else { return 0 }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.timeoutInterval = 5
        guard let (_, response) = try? await session.data(for: request) else { return 0 }
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    static func internalID(_ base: String, key: String, path: String, field: String) async throws -> Int {
        let data = try await ServeProcessTests.request("\(base)/v1/\(path)?limit=200")
        let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(page["items"] as? [[String: Any]])
        let item = try #require(items.first { $0[field] as? String == key })
        return try #require(item["id"] as? Int)
    }

    /// The offsets of the user's logs at or after `base`, read page by page through `/v1`.
    static func storedOffsets(_ server: String, userID: Int) async throws -> Set<Int> {
        var offsets = Set<Int>()
        var cursor: String?
        let from = HabitsJSON.formatInstant(Date(timeIntervalSince1970: base))
        repeat {
            var url = "\(server)/v1/users/\(userID)/logs?limit=200&from=\(from)"
            if let cursor { url += "&cursor=\(cursor)" }
            let page = try HabitsJSON.decoder().decode(
                Page<Log>.self, from: try await ServeProcessTests.request(url))
            for log in page.items {
                offsets.insert(Int(((log.timestamp.timeIntervalSince1970 - base) * 1_000).rounded()))
            }
            cursor = page.nextCursor
        } while cursor != nil
        return offsets
    }
}
