import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// The `/v1` resource rules every store keeps: ids, paging, uniqueness, cascades, batches.
@Suite struct ResourceStoreTests {
    @Test(arguments: StoreImplementation.allCases)
    func usersAreCreatedReadUpdatedAndListedInIDOrder(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let created = try await store.createUser(newUser("sam"))
            #expect(created.id > 0)
            #expect(try await store.user(id: created.id) == created)
            let renamed = try await store.updateUser(id: created.id) { user in
                var user = user
                user.name = "Samuel"
                user.key = "ignored"
                return user
            }
            #expect(renamed.name == "Samuel")
            #expect(renamed.key == "sam")
            #expect(try await store.users().contains { $0.id == "sam" && $0.name == "Samuel" })
            let ids = try await allUsers(store).map(\.id)
            #expect(ids == ids.sorted())
            #expect(ids.count == 6)
            await #expect(throws: HabitsError.notFound(kind: .user, id: "999999")) { try await store.user(id: 999_999) }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func pagesNeitherRepeatNorSkipAcrossInserts(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            var seen: [Int64] = []
            var page = try await store.users(page: PageRequest(limit: 2))
            seen += page.items.map(\.id)
            var inserted: [Int64] = []
            while let cursor = page.nextCursor {
                inserted.append(try await store.createUser(newUser("late\(inserted.count)")).id)
                page = try await store.users(page: PageRequest(after: try PageCursor(encoded: cursor), limit: 2))
                seen += page.items.map(\.id)
                if inserted.count > 20 { break }
            }
            #expect(Set(seen).count == seen.count, "no repeats")
            #expect(seen == seen.sorted())
            let all = try await allUsers(store).map(\.id)
            #expect(seen == all, "every user, including those inserted while paging, appears once")
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func namesAndKeysAreUniqueWithoutCase(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            _ = try await store.createUser(newUser("sam"))
            await #expect(throws: HabitsError.self) { try await store.createUser(newUser("SAM")) }
            let category = try await store.createCategory(
                Category(id: 0, name: "Focus", color: Color(hue: 0, saturation: 0, brightness: 0)))
            await #expect(throws: HabitsError.self) {
                try await store.createCategory(
                    Category(id: 0, name: "fOCUS", color: Color(hue: 0, saturation: 0, brightness: 0)))
            }
            await #expect(throws: HabitsError.self) {
                try await store.createHabit(
                    Habit(id: 0, name: "run", categoryID: category.id, info: "", emoji: nil))
            }
            let run = try await habitID(store, named: "Run")
            await #expect(throws: HabitsError.self) {
                try await store.updateHabit(id: run) { habit in
                    var habit = habit; habit.name = "READ"; return habit
                }
            }
            // Renaming to itself in another case is allowed.
            let renamed = try await store.updateHabit(id: run) { habit in
                var habit = habit; habit.name = "RUN"; return habit
            }
            #expect(renamed.name == "RUN")
            await #expect(throws: HabitsError.notFound(kind: .category, id: "424242")) {
                try await store.createHabit(
                    Habit(id: 0, name: "Fly", categoryID: 424_242, info: "", emoji: nil))
            }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func renamingAHabitKeepsItsHistory(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
            let run = try await habitID(store, named: "Run")
            _ = try await store.updateHabit(id: run) { habit in
                var habit = habit; habit.name = "Jog"; habit.emoji = "🏃"; return habit
            }
            let snapshot = try await store.statisticsSnapshot()
            #expect(snapshot.count(userID: "user1", habitName: "Jog") == 2)
            #expect(snapshot.habit(named: "Run") == nil)
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Jog", timestamp: Fixture.now))
            #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Jog") == 3)
            let user1 = try await userID(store, key: "user1")
            _ = try await store.updateUser(id: user1) { user in
                var user = user; user.name = "Renamed"; return user
            }
            #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Jog") == 3)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletingWithLogsNeedsCascadeWhichFixesCounters(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            try await store.log(CourseAPI.LoggedHabit(userID: "user1", habitName: "Run", timestamp: Fixture.now))
            try await store.log(CourseAPI.LoggedHabit(userID: "user2", habitName: "Run", timestamp: Fixture.now))
            try await store.log(CourseAPI.LoggedHabit(userID: "user2", habitName: "Swim", timestamp: Fixture.now))
            let user2 = try await userID(store, key: "user2")
            let run = try await habitID(store, named: "Run")
            let revision = store.currentRevision()
            await #expect(throws: HabitsError.self) { try await store.deleteUser(id: user2, cascade: false) }
            await #expect(throws: HabitsError.self) { try await store.deleteHabit(id: run, cascade: false) }
            #expect(store.currentRevision() == revision, "a refused delete writes nothing")
            #expect(try await store.statisticsSnapshot().count(userID: "user2", habitName: "Run") == 1)

            try await store.deleteHabit(id: run, cascade: true)
            #expect(store.currentRevision() > revision)
            var snapshot = try await store.statisticsSnapshot()
            #expect(snapshot.habit(named: "Run") == nil)
            #expect(snapshot.count(userID: "user2", habitName: "Swim") == 1)
            try await store.deleteUser(id: user2, cascade: true)
            snapshot = try await store.statisticsSnapshot()
            #expect(snapshot.user(id: "user2") == nil)
            #expect(snapshot.combined().habitStatistics.allSatisfy { $0.userCounts.isEmpty })

            // Without logs no cascade is needed.
            let user3 = try await userID(store, key: "user3")
            try await store.deleteUser(id: user3, cascade: false)
            await #expect(throws: HabitsError.notFound(kind: .user, id: String(user3))) {
                try await store.user(id: user3)
            }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aBatchIsWrittenWhollyOrNotAtAll(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let user = try await userID(store, key: "user1")
            let run = try await habitID(store, named: "Run")
            let revision = store.currentRevision()
            let bad = [
                LogDraft(userID: user, habitID: run, timestamp: Fixture.now),
                LogDraft(userID: user, habitID: 999_999, timestamp: Fixture.now),
            ]
            await #expect(throws: HabitsError.notFound(kind: .habit, id: "999999")) { try await store.createLogs(bad) }
            #expect(store.currentRevision() == revision)
            #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 0)

            let good = (0..<1_000).map {
                LogDraft(userID: user, habitID: run, timestamp: Fixture.now.addingTimeInterval(Double($0)))
            }
            let created = try await store.createLogs(good)
            #expect(created.count == 1_000)
            #expect(Set(created.map(\.id)).count == 1_000)
            #expect(try await store.statisticsSnapshot().count(userID: "user1", habitName: "Run") == 1_000)
            #expect(try await store.logEntry(id: created[5].id) == created[5])
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aUsersLogsArePagedInTimeOrderWithinARange(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let user = try await userID(store, key: "user1")
            let other = try await userID(store, key: "user2")
            let run = try await habitID(store, named: "Run")
            // Out of order on purpose, with two logs at the same instant.
            let offsets: [Double] = [50, 10, 30, 30, 90, 70, 0, 20]
            _ = try await store.createLogs(
                offsets.map { LogDraft(userID: user, habitID: run, timestamp: Fixture.now.addingTimeInterval($0)) })
            _ = try await store.createLogs([
                LogDraft(userID: other, habitID: run, timestamp: Fixture.now.addingTimeInterval(30))
            ])
            let range = TimeRange(from: Fixture.now.addingTimeInterval(10), to: Fixture.now.addingTimeInterval(90))
            var times: [Double] = []
            var cursor: PageCursor?
            repeat {
                let page = try await store.logs(userID: user, in: range, page: PageRequest(after: cursor, limit: 2))
                #expect(page.items.allSatisfy { $0.userID == user })
                times += page.items.map { $0.timestamp.timeIntervalSince(Fixture.now) }
                cursor = try page.nextCursor.map { try PageCursor(encoded: $0) }
            } while cursor != nil
            #expect(times == [10, 20, 30, 30, 50, 70])
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func favouritesAndFollowsAreIdempotentAndListed(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let user = try await userID(store, key: "user1")
            let friend = try await userID(store, key: "user2")
            let run = try await habitID(store, named: "Run")
            let swim = try await habitID(store, named: "Swim")
            try await store.setFavorite(userID: user, habitID: swim, true)
            try await store.setFavorite(userID: user, habitID: run, true)
            try await store.setFavorite(userID: user, habitID: run, true)
            #expect(
                try await store.favorites(userID: user, page: PageRequest()).items.map(\.id) == [run, swim].sorted())
            try await store.setFavorite(userID: user, habitID: run, false)
            try await store.setFavorite(userID: user, habitID: run, false)
            #expect(try await store.favorites(userID: user, page: PageRequest()).items.map(\.id) == [swim])

            try await store.setFollowing(userID: user, followedID: friend, true)
            try await store.setFollowing(userID: user, followedID: friend, true)
            #expect(try await store.following(userID: user, page: PageRequest()).items.map(\.id) == [friend])
            await #expect(throws: HabitsError.self) {
                try await store.setFollowing(userID: user, followedID: user, true)
            }
            await #expect(throws: HabitsError.notFound(kind: .habit, id: "999999")) {
                try await store.setFavorite(userID: user, habitID: 999_999, true)
            }

            // Deleting the followed user and the favourite habit removes them from the lists.
            try await store.deleteUser(id: friend, cascade: false)
            try await store.deleteHabit(id: swim, cascade: false)
            #expect(try await store.following(userID: user, page: PageRequest()).items.isEmpty)
            #expect(try await store.favorites(userID: user, page: PageRequest()).items.isEmpty)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aCategoryInUseCannotBeDeleted(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let health = try #require(try await store.categories(page: PageRequest()).items.first)
            await #expect(throws: HabitsError.self) { try await store.deleteCategory(id: health.id) }
            let spare = try await store.createCategory(
                Category(id: 0, name: "Spare", color: Color(hue: 0.5, saturation: 0.5, brightness: 0.5)))
            // What the refusal counts, per category; one no habit belongs to is absent.
            let habits = try await store.habits(page: PageRequest(limit: PageRequest.maximumLimit)).items.count
            #expect(try await store.habitCountsByCategory() == [health.id: habits])
            let renamed = try await store.updateCategory(id: health.id) { category in
                var category = category; category.name = "Wellbeing"; return category
            }
            #expect(try await store.habits().allSatisfy { $0.category.name == "Wellbeing" })
            #expect(renamed.name == "Wellbeing")
            try await store.deleteCategory(id: spare.id)
            await #expect(throws: HabitsError.notFound(kind: .category, id: String(spare.id))) {
                try await store.category(id: spare.id)
            }
        }
    }
}
