import Foundation
import HabitsDomain
import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Testing

/// Two store instances (two clients, two pools) on one database write at random at once; afterwards every
/// counter, rank and streak equals a recount from the logs the database holds. Two of the seven users have
/// accounts that switch between public and private as the others write, so ranks (kept as count levels of
/// visible users) must follow both the counts and who is visible.
@Suite struct TwoInstancePropertyTests {
    /// The window of days the writes fall in: the fixture's today and the nine before.
    static let today = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current)
    /// The fixture's five users, then the two account holders.
    static let users = Int64(1)...7

    @Test(arguments: [1, 2, 3] as [UInt64])
    func concurrentWritersKeepCountersRanksAndStreaksExact(seed: UInt64) async throws {
        guard PostgresTestStores.shouldRun else { return }
        let configuration = try PostgresTestStores.newConfiguration()
        // Both start together on an empty schema: the advisory lock lets one migrate, the other wait.
        async let opening = PostgresHabitStore.connect(configuration)
        let second = try await PostgresHabitStore.connect(configuration)
        let first = try await opening
        try await first.replaceAll(with: Fixture.content(withImage: false))
        for key in ["ada", "bob"] {
            let user = User(
                id: 0, key: key, name: key, color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
            let (account, _) = try await first.createAccount(
                user, passwordHash: "h", visibility: .public, session: nil)
            #expect(account.user.id == Self.users.upperBound - (key == "ada" ? 1 : 0))
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                let store = worker.isMultiple(of: 2) ? first : second
                group.addTask { try await Self.writeAtRandom(store, seed: seed &* 31 &+ UInt64(worker)) }
            }
            try await group.waitForAll()
        }

        for store in [first, second] { try await Self.expectMatchesRecount(store, seed: seed) }
        #expect(first.currentRevision() > 0 && second.currentRevision() > 0)
        await first.close()
        await second.close()
    }

    /// Random logs (single and batches over several pairs), deletions of its own logs, marks and unmarks.
    static func writeAtRandom(_ store: PostgresHabitStore, seed: UInt64) async throws {
        var random = SplitMix(seed: seed)
        var own: [Int64] = []
        let first = today.adding(days: -9)
        let utc = TimeZone(identifier: "UTC") ?? .current
        for _ in 0..<60 {
            let user = Int64.random(in: users, using: &random)
            let habit = Int64.random(in: 1...4, using: &random)
            let day = first.adding(days: Int.random(in: 0...9, using: &random))
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                let drafts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    LogDraft(
                        userID: Int64.random(in: users, using: &random),
                        habitID: Int64.random(in: 1...4, using: &random),
                        timestamp: day.noon(in: utc)
                            .addingTimeInterval(Double(Int.random(in: -600...600, using: &random))))
                }
                own += try await store.createLogs(drafts).map(\.id)
            case 2:
                guard let index = own.indices.randomElement(using: &random) else { continue }
                let id = own.remove(at: index)
                do {
                    try await store.deleteLog(id: id)
                } catch HabitsError.notFound {
                    // Another worker's unmark took the day's logs, this one's included.
                }
            case 3:
                let holder = Int64.random(in: 6...7, using: &random)
                try await store.setVisibility(Bool.random(using: &random) ? .private : .public, userID: holder)
            case 4:
                try await store.markDay(userID: user, habitID: habit, day: day, now: Fixture.now)
            default:
                try await store.unmarkDay(userID: user, habitID: habit, day: day, now: Fixture.now)
            }
        }
    }

    /// Compares every pair's count, rank, standing and streak with a recount of the stored logs.
    static func expectMatchesRecount(_ store: PostgresHabitStore, seed: UInt64) async throws {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var counts: [Int64: [Int64: Int]] = [:]  // habit → user → count
        var days: [Int64: [Int64: Set<Int>]] = [:]  // habit → user → done days
        var hidden: Set<Int64> = []
        for user in users {
            if user > 5, try await store.account(userID: user).visibility == .private { hidden.insert(user) }
            var page = PageRequest(limit: 200)
            while true {
                let logs = try await store.logs(userID: user, in: TimeRange(), page: page)
                for log in logs.items {
                    counts[log.habitID, default: [:]][user, default: 0] += 1
                    days[log.habitID, default: [:]][user, default: []].insert(LocalDay(log.timestamp, in: utc).number)
                }
                guard let next = logs.nextCursor else { break }
                page = PageRequest(after: try PageCursor(encoded: next), limit: 200)
            }
        }
        let (recounted, doneDays, privateUsers) = (counts, days, hidden)
        try await store.readScreens { source in
            for habit in Int64(1)...4 {
                let habitCounts = recounted[habit] ?? [:]
                // Ranks and standings count visible users only.
                let visibleCounts = habitCounts.filter { !privateUsers.contains($0.key) }
                let nobody = try await source.position(habitID: habit, count: 0)
                #expect(nobody.rank == 1 + visibleCounts.count && nobody.usersWithCount == 0, "seed \(seed)")
                for user in users {
                    let count = habitCounts[user] ?? 0
                    #expect(try await source.count(userID: user, habitID: habit) == count, "seed \(seed)")
                    let done = doneDays[habit]?[user] ?? []
                    let streak = try await source.streak(userID: user, habitID: habit, today: today)
                    let brute = BruteForceStreak.of(done, today: today.number)
                    #expect((streak.current, streak.longest, streak.todayDone) == brute, "seed \(seed)")
                    guard count > 0 else { continue }
                    let above = visibleCounts.values.filter { $0 > count }.count
                    let position = try await source.position(habitID: habit, count: count)
                    #expect(position.rank == 1 + above, "seed \(seed)")
                    #expect(position.usersWithCount == visibleCounts.values.filter { $0 == count }.count)
                    #expect(try await source.rank(userID: user, habitID: habit) == 1 + above, "seed \(seed)")
                    #expect(try await source.rank(habitID: habit, count: count) == 1 + above, "seed \(seed)")
                }
                let standings = try await source.standings(habitID: habit, limit: nil)
                #expect(standings.map(\.count) == visibleCounts.values.sorted(by: >), "seed \(seed)")
            }
        }
    }
}
