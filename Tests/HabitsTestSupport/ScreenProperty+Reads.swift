import Foundation
import HabitsDomain
import HabitsStore
import Testing

extension ScreenProperty {
    /// Every `ScreenSource` read against brute force over `state`, all in one `readScreens`.
    static func checkReads(
        _ store: any HabitStore, _ state: ScreenModel, context: String, using random: inout SeededRandom
    ) async throws {
        let excluded = state.users.keys.randomElement(using: &random)
        let extraCount = Int.random(in: 1...12, using: &random)
        let revision = store.currentRevision()
        let habitIDs = Array(state.habits.keys)
        let userIDs = Array(state.users.keys)
        let positionCounts = Dictionary(uniqueKeysWithValues: habitIDs.map { habitID in
            let counts = state.standings(habitID: habitID).map(\.count)
            return (habitID, Array(Set(counts).union([1, extraCount, (counts.first ?? 0) + 1])))
        })
        let keys = state.users.mapValues(\.key)
        let reads = try await store.readScreens { source in
            var reads = ScreenReads(revision: source.revision)
            for habitID in habitIDs {
                reads.standings[habitID] = try await source.standings(habitID: habitID, limit: nil)
                reads.topTwo[habitID] = try await source.standings(habitID: habitID, limit: 2)
                for count in positionCounts[habitID] ?? [] {
                    reads.positions[ScreenReads.Key(id: habitID, count: count)] =
                        try await source.position(habitID: habitID, count: count)
                }
                reads.habits[habitID] = try await source.habit(id: habitID)
            }
            for userID in userIDs {
                reads.counts[userID] = try await source.counts(userID: userID)
                reads.followed[userID] = try await source.followedUsers(userID: userID)
                reads.favorites[userID] = try await source.favoriteHabitIDs(userID: userID)
                reads.usersByID[userID] = try await source.user(id: userID)
                reads.usersByKey[userID] = try await source.user(key: keys[userID] ?? "")
                for habitID in habitIDs {
                    reads.userRanks[ScreenReads.Pair(userID: userID, habitID: habitID)] =
                        try await source.rank(userID: userID, habitID: habitID)
                }
            }
            reads.usersExcluding = try await source.users(excluding: excluded)
            reads.allUsers = try await source.users(excluding: nil)
            reads.habitList = try await source.habits().map(\.id)
            return reads
        }
        #expect(reads.revision == revision, "\(context)")
        for habitID in habitIDs {
            let standings = state.standings(habitID: habitID)
            #expect(reads.standings[habitID] == standings, "\(context): habit \(habitID)")
            #expect(reads.topTwo[habitID] == Array(standings.prefix(2)), "\(context): habit \(habitID)")
            for count in positionCounts[habitID] ?? [] {
                #expect(
                    reads.positions[ScreenReads.Key(id: habitID, count: count)]
                        == state.position(habitID: habitID, count: count),
                    "\(context): habit \(habitID), count \(count)")
            }
            #expect(reads.habits[habitID] == state.habits[habitID], "\(context)")
        }
        for (userID, user) in state.users {
            let counts = state.counts.filter { $0.key.userID == userID }
            #expect(
                reads.counts[userID] == Dictionary(uniqueKeysWithValues: counts.map { ($0.key.habitID, $0.value) }),
                "\(context): user \(userID)")
            #expect(reads.followed[userID] == state.byName(state.followed[userID] ?? []), "\(context): user \(userID)")
            #expect(reads.favorites[userID] == state.favorites[userID] ?? [], "\(context): user \(userID)")
            #expect(reads.usersByID[userID] == user && reads.usersByKey[userID] == user, "\(context)")
            for habitID in habitIDs {
                let own = counts.first { $0.key.habitID == habitID }?.value ?? 0
                let above = state.counts.filter { $0.key.habitID == habitID && $0.value > own }.count
                #expect(
                    reads.userRanks[ScreenReads.Pair(userID: userID, habitID: habitID)] == 1 + above,
                    "\(context): user \(userID), habit \(habitID)")
            }
        }
        #expect(reads.usersExcluding == state.byName(state.users.keys.filter { $0 != excluded }), "\(context)")
        #expect(reads.allUsers == state.byName(state.users.keys), "\(context)")
        let habitsByName = state.habits.values.sorted { ScreenModel.bytesPrecede($0.name, $1.name) }.map(\.id)
        #expect(reads.habitList == habitsByName, "\(context)")
    }
}

/// Everything the property reads in one `readScreens`, compared once the read is over.
struct ScreenReads: Sendable {
    struct Key: Hashable, Sendable {
        var id: Int64
        var count: Int
    }

    struct Pair: Hashable, Sendable {
        var userID: Int64
        var habitID: Int64
    }

    var revision: Int64
    var userRanks: [Pair: Int] = [:]
    var standings: [Int64: [Standing]] = [:]
    var topTwo: [Int64: [Standing]] = [:]
    var positions: [Key: RankPosition] = [:]
    var habits: [Int64: Habit?] = [:]
    var counts: [Int64: [Int64: Int]] = [:]
    var followed: [Int64: [User]] = [:]
    var favorites: [Int64: Set<Int64>] = [:]
    var usersByID: [Int64: User?] = [:]
    var usersByKey: [Int64: User?] = [:]
    var usersExcluding: [User] = []
    var allUsers: [User] = []
    var habitList: [Int64] = []
}
