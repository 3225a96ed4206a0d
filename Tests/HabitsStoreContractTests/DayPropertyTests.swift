import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Random logs, deletions, marks and unmarks through the store: its days and streaks always equal the
/// distinct days of the logs it holds, computed here by brute force.
@Suite struct DayPropertyTests {
    /// Each case's seed and the user's zone: one seed per zone, as the property has always run them.
    static let seededZones: [(seed: UInt64, zoneName: String)] = [
        (1, "UTC"), (2, "America/New_York"), (3, "Pacific/Kiritimati"), (4, "Europe/Berlin"),
    ]

    @Test(arguments: StoreImplementation.allCases, seededZones)
    func daysAndStreaksFollowTheLogs(implementation: StoreImplementation, seeded: (seed: UInt64, zoneName: String))
        async throws
    {
        let (seed, zoneName) = seeded
        var random = SeededRandom(seed: seed)
        let (store, user, habit) = try await DayStoreTests.store(implementation, zone: zoneName)
        let zone = try #require(TimeZone(identifier: zoneName))
        // The last day of the window is the user's today; days run over a DST change in March.
        let now = Fixture.instant("2026-03-31T12:00:00Z")
        let today = LocalDay(now, in: zone)
        let first = today.adding(days: -40)
        var logDays: [Int64: LocalDay] = [:]
        for step in 0..<120 {
            let day = first.adding(days: Int.random(in: 0...40, using: &random))
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                // A log at a random minute of the window, as a client would send it.
                let minute = Double(Int.random(in: 0..<(40 * 1_440), using: &random))
                let instant = first.noon(in: zone).addingTimeInterval(minute * 60 - 43_200)
                let log = try await store.createLogs([LogDraft(userID: user, habitID: habit, timestamp: instant)])[0]
                logDays[log.id] = LocalDay(instant, in: zone)
            case 1:
                guard let id = logDays.keys.sorted().randomElement(using: &random) else { continue }
                try await store.deleteLog(id: id)
                logDays[id] = nil
            case 2:
                try await store.markDay(userID: user, habitID: habit, day: day, now: now)
                if !logDays.values.contains(day) {
                    let log = try #require(
                        try await store.logs(userID: user, in: TimeRange(), page: PageRequest(limit: 500)).items
                            .first { logDays[$0.id] == nil })
                    logDays[log.id] = day
                }
            default:
                try await store.unmarkDay(userID: user, habitID: habit, day: day, now: now)
                logDays = logDays.filter { $0.value != day }
            }
            let expected = Set(logDays.values.map(\.number))
            let stored = try await store.doneDays(userID: user, habitID: habit, from: first, through: today)
            #expect(stored.map(\.number) == expected.sorted(), "seed \(seed), step \(step)")
            let streak = try await store.streak(userID: user, habitID: habit, now: now)
            let brute = BruteForceStreak.of(expected, today: today.number)
            #expect((streak.current, streak.longest, streak.todayDone) == brute, "seed \(seed), step \(step)")
            #expect(try await count(store, user, habit) == logDays.count, "seed \(seed), step \(step)")
        }
    }
}
