import Foundation
import HabitsDomain
import Testing

private let health = CourseAPI.Category(name: "Health", color: Color(hue: 0.1, saturation: 0.5, brightness: 0.9))
private let users = ["ann", "bob", "cat"].map { CourseAPI.User(id: $0, name: $0.capitalized) }
private let habits = ["Run", "Read", "Swim"].map { CourseAPI.Habit(name: $0, category: health, info: "\($0) daily") }

private func snapshot(_ counts: [(String, String, Int)]) -> StatisticsSnapshot {
    StatisticsSnapshot(
        revision: 7, users: users, habits: habits,
        counts: counts.map { PairCount(userID: $0.0, habitName: $0.1, count: $0.2) })
}

@Suite struct StatisticsSnapshotTests {
    @Test func combinedListsEveryUserAndHabitSortedWithOnlyPositiveCounts() {
        let stats = snapshot([("bob", "Run", 3), ("ann", "Run", 5), ("ann", "Read", 0)]).combined()
        #expect(stats.userStatistics.map(\.user.id) == ["ann", "bob", "cat"])
        #expect(stats.habitStatistics.map(\.habit.name) == ["Read", "Run", "Swim"])
        #expect(stats.userStatistics[0].habitCounts.map(\.habit.name) == ["Run"])
        #expect(stats.userStatistics[2].habitCounts.isEmpty)
        #expect(stats.habitStatistics[1].userCounts.map(\.user.id) == ["ann", "bob"])
        #expect(stats.habitStatistics[1].userCounts.map(\.count) == [5, 3])
        #expect(stats.habitStatistics[0].userCounts.isEmpty)
    }

    @Test func bothHalvesAgreeOnEveryPair() {
        var random = SeededRandom(seed: 42)
        var counts: [(String, String, Int)] = []
        for _ in 0..<50 {
            counts.append(
                (
                    users.randomElement(using: &random)!.id, habits.randomElement(using: &random)!.name,
                    Int.random(in: 0...4, using: &random)
                ))
        }
        let stats = snapshot(counts).combined()
        var fromUsers: [String: Int] = [:]
        for statistic in stats.userStatistics {
            for pair in statistic.habitCounts { fromUsers["\(statistic.user.id)|\(pair.habit.name)"] = pair.count }
        }
        var fromHabits: [String: Int] = [:]
        for statistic in stats.habitStatistics {
            for pair in statistic.userCounts {
                #expect(
                    fromHabits.updateValue(pair.count, forKey: "\(pair.user.id)|\(statistic.habit.name)") == nil,
                    "duplicate pair")
            }
        }
        #expect(fromUsers == fromHabits)
        // Repeated pairs in the input are summed, not duplicated.
        var expected: [String: Int] = [:]
        for (user, habit, count) in counts where count > 0 { expected["\(user)|\(habit)", default: 0] += count }
        #expect(fromUsers == expected)
    }

    @Test func habitStatisticsFollowTheOrderAskedAndRejectUnknownNames() throws {
        let data = snapshot([("ann", "Swim", 1)])
        #expect(try data.habitStatistics(names: ["Swim", "Read", "Swim"]).map(\.habit.name) == ["Swim", "Read"])
        #expect(try data.habitStatistics(names: nil).map(\.habit.name) == ["Read", "Run", "Swim"])
        #expect(try data.habitStatistics(names: []).isEmpty)
        #expect(throws: HabitsError.notFound(kind: .habit, id: "Fly")) {
            try data.habitStatistics(names: ["Run", "Fly"])
        }
    }

    @Test func userStatisticsFollowTheOrderAskedAndRejectUnknownIDs() throws {
        let data = snapshot([("cat", "Run", 2)])
        #expect(try data.userStatistics(ids: ["cat", "ann"]).map(\.user.id) == ["cat", "ann"])
        #expect(
            try data.userStatistics(ids: ["cat"])[0].habitCounts == [CourseAPI.HabitCount(habit: habits[0], count: 2)])
        #expect(throws: HabitsError.notFound(kind: .user, id: "dan")) { try data.userStatistics(ids: ["dan"]) }
    }

    @Test func everyTiedLeaderLeadsAndNonLeadersGetAnEmptyList() throws {
        let data = snapshot([("ann", "Run", 4), ("bob", "Run", 4), ("cat", "Run", 1), ("cat", "Swim", 2)])
        #expect(try data.leadingStatistics(userID: "ann").habitCounts.map(\.habit.name) == ["Run"])
        #expect(try data.leadingStatistics(userID: "bob").habitCounts.map(\.habit.name) == ["Run"])
        #expect(try data.leadingStatistics(userID: "cat").habitCounts.map(\.habit.name) == ["Swim"])
        let none = try snapshot([("ann", "Run", 4)]).leadingStatistics(userID: "bob")
        #expect(none.user.id == "bob" && none.habitCounts.isEmpty)
        #expect(throws: HabitsError.notFound(kind: .user, id: "zed")) { try data.leadingStatistics(userID: "zed") }
    }

    @Test func countLooksUpOnePair() {
        let data = snapshot([("ann", "Run", 4)])
        #expect(data.count(userID: "ann", habitName: "Run") == 4)
        #expect(data.count(userID: "ann", habitName: "Swim") == 0)
        #expect(data.count(userID: "nobody", habitName: "Run") == 0)
    }
}
