import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Random edits of a world: after each, every screen's changeset applied to its previous document
/// gives the new document, also after a trip through JSON.
@Suite struct ChangesetPropertyTests {
    static let viewerID: Int64 = 1

    /// A random world of up to 8 users, 3 categories and 7 habits.
    static func randomWorld(_ random: inout SeededRandom) -> WorldSource {
        var world = WorldSource()
        for id in 1...Int64.random(in: 2...8, using: &random) { world.addUser(id, randomName(&random)) }
        for id in 10...Int64.random(in: 10...16, using: &random) {
            world.addHabit(
                id, "Habit \(id) \(randomName(&random))", categoryID: Int64.random(in: 1...3, using: &random))
        }
        for _ in 0..<20 { edit(&world, &random) }
        return world
    }

    static func randomName(_ random: inout SeededRandom) -> String {
        ["Ann", "Bob", "Cy", "Di", "Éva", "Zed", "민수", "Amy"].randomElement(using: &random) ?? "Ann"
    }

    /// One random edit: a count, a favourite, a follow, a rename, a new or removed user or habit.
    static func edit(_ world: inout WorldSource, _ random: inout SeededRandom) {
        let userIDs = world.users.keys.sorted()
        let habitIDs = world.habitList.map(\.id).sorted()
        guard let user = userIDs.randomElement(using: &random), let habit = habitIDs.randomElement(using: &random)
        else { return }
        switch Int.random(in: 0..<14, using: &random) {
        case 0..<4:
            let current = world.countTable[user]?[habit] ?? 0
            world.setCount(user: user, habit: habit, max(0, current + Int.random(in: -2...3, using: &random)))
        case 4:
            world.favorites[user, default: []].formSymmetricDifference([habit])
        case 5:
            if let other = userIDs.randomElement(using: &random), other != user {
                world.follows[user, default: []].formSymmetricDifference([other])
            }
        case 6:
            if user != viewerID { world.users[user]?.name = randomName(&random) }
        case 7:
            if let index = world.habitList.firstIndex(where: { $0.id == habit }) {
                world.habitList[index].categoryID = Int64.random(in: 1...3, using: &random)
                if !world.categoryList.contains(where: { $0.id == world.habitList[index].categoryID }) {
                    world.addHabit(99, "placeholder", categoryID: world.habitList[index].categoryID)
                    world.habitList.removeAll { $0.id == 99 }
                }
            }
        case 8:
            let id = (userIDs.last ?? 0) + 1
            world.addUser(id, randomName(&random))
        case 12, 13:
            editDiscoverHelpOrEmoji(&world, &random, user: user, habit: habit)
        case 10, 11:
            // A day of the month before the clock's, through the day after today.
            let today = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current)
            let day = today.adding(days: Int.random(in: -40...1, using: &random))
            if Bool.random(using: &random) {
                world.mark(user: user, habit: habit, day: day)
            } else {
                world.unmark(user: user, habit: habit, day: day)
            }
        default:
            if user != viewerID && Bool.random(using: &random) {
                world.users[user] = nil
                world.joined[user] = nil
                world.ratings[user] = nil
                world.recents[user] = nil
                world.questionList.removeAll { $0.authorID == user }
                world.countTable[user] = nil
                world.dayTable[user] = nil
                world.follows[user] = nil
                for key in world.follows.keys { world.follows[key]?.remove(user) }
            } else if habitIDs.count > 1 {
                world.habitList.removeAll { $0.id == habit }
                for key in world.countTable.keys { world.countTable[key]?[habit] = nil }
                for key in world.dayTable.keys { world.dayTable[key]?[habit] = nil }
                for key in world.favorites.keys { world.favorites[key]?.remove(habit) }
            }
        }
    }

    /// Every screen the viewer can open in `world`.
    static func requests(in world: WorldSource) -> [ScreenRequest] {
        var requests = [ScreenName.home, .today, .habits, .users, .log, .yourHabits].map {
            ScreenRequest(screen: $0, viewerID: viewerID)
        }
        for habit in world.habitList where !habit.isArchived {
            requests.append(ScreenRequest(screen: .habit, viewerID: viewerID, habitID: habit.id))
        }
        for user in world.users.keys.sorted() {
            requests.append(ScreenRequest(screen: .user, viewerID: viewerID, userID: user))
        }
        // Home as another user sees it: one with no favourites or follows sees its empty states.
        if let other = world.users.keys.sorted().first(where: { $0 != viewerID }) {
            requests.append(ScreenRequest(screen: .home, viewerID: other))
        }
        // The viewer's default calendar, and each habit's calendar of the month before.
        requests.append(ScreenRequest(screen: .streak, viewerID: viewerID))
        let today = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current)
        for habit in world.habitList where !habit.isArchived {
            requests.append(
                ScreenRequest(screen: .streak, viewerID: viewerID, habitID: habit.id, month: today.month.previous))
        }
        return requests + discoverHelpAndEmojiRequests(in: world)
    }

    @Test func changesetsReplayEveryEdit() async throws {
        var shortcuts = 0
        await forEachSeedAsync(count: UInt64(150)) { seed in
            var random = SeededRandom(seed: seed)
            var world = Self.randomWorld(&random)
            for step in 0..<6 {
                var next = world
                for _ in 0..<Int.random(in: 1...4, using: &random) { Self.edit(&next, &random) }
                for request in Self.requests(in: world) {
                    // A habit or user that the edit removed has no next document.
                    guard request.habitID.map({ id in next.habitList.contains { $0.id == id } }) ?? true,
                        request.userID.map({ next.users[$0] != nil }) ?? true, next.users[request.viewerID] != nil
                    else { continue }
                    let old = try await ScreenBuilder(source: world, now: Fixture.now)
                        .document(for: request, revision: "\(step)")
                    let new = try await ScreenBuilder(source: next, now: Fixture.now)
                        .document(for: request, revision: "\(step + 1)")
                    let changeset = try new.changeset(from: old)
                    #expect(try old.applying(changeset) == new, "seed \(seed) step \(step) \(request)")
                    if let inPlace = try new.inPlaceChangeset(from: old) {
                        // The shortcut for kept shapes says what the staged diff says.
                        #expect(try inPlace == new.diffedChangeset(from: old), "seed \(seed) step \(step) \(request)")
                        shortcuts += 1
                    }
                    #expect(
                        try changeset.json(itemJSON: { Array(try HabitsJSON.encoder().encode($0)) })
                            == Array(try HabitsJSON.encoder().encode(changeset)),
                        "seed \(seed) step \(step) \(request): the written JSON is the encoder's")
                    let wire = try JSONDecoder().decode(
                        ScreenChangeset.self, from: try JSONEncoder().encode(changeset))
                    #expect(try old.applying(wire) == new, "seed \(seed) step \(step) \(request), through JSON")
                    if old.sections == new.sections && old.title == new.title {
                        #expect(changeset.isEmpty, "seed \(seed): an unchanged screen has an empty changeset")
                    }
                }
                world = next
            }
        }
        #expect(shortcuts > 1_000, "most edits keep a screen's shape")
    }

    @Test func documentsSurviveJSON() async throws {
        await forEachSeedAsync(count: UInt64(40)) { seed in
            var random = SeededRandom(seed: seed)
            let world = Self.randomWorld(&random)
            for request in Self.requests(in: world) {
                let document = try await ScreenBuilder(source: world, now: Fixture.now).document(for: request,
                    revision: "7")
                let decoded = try JSONDecoder().decode(ScreenDocument.self, from: try JSONEncoder().encode(document))
                #expect(decoded == document, "seed \(seed) \(request)")
                // Written from its sections' and items' JSON, the document is what the encoder writes.
                let written = try document.json(
                    sectionJSON: { try $0.jsonAroundItems() }, itemJSON: { Array(try HabitsJSON.encoder().encode($0)) })
                #expect(written == Array(try HabitsJSON.encoder().encode(document)), "seed \(seed) \(request)")
            }
        }
    }

    @Test func writtenJSONEscapesAsTheEncoderDoes() async throws {
        var stage = ScreenStage()
        stage.itemDeletes = [ItemPosition(section: 0, item: 1, id: "a\"b\\c\nd\u{1}\u{1F}é/😀\t\r\u{8}\u{C}")]
        stage.sectionMoves = [SectionMove(from: 2, to: 0, id: "s/1")]
        let changeset = ScreenChangeset(
            screen: .home, from: "7", revision: "8.2", title: "Tab\there \"quoted\"", stages: [stage, ScreenStage()])
        let written = try changeset.json(itemJSON: { Array(try HabitsJSON.encoder().encode($0)) })
        #expect(String(decoding: written, as: UTF8.self)
            == String(decoding: try HabitsJSON.encoder().encode(changeset), as: UTF8.self))
    }

    @Test func aWrittenDocumentEscapesAsTheEncoderDoes() throws {
        // Text that looks like the marker where the items go, before it and inside an item.
        let color = ScreenColor(hue: 0.5, saturation: 1, brightness: 0.3)
        let header = SectionBoundary(title: "\"items\":[] in a title", color: color)
        let item = ScreenItem(
            id: "a\"b\\c\nd/😀", content: ItemContent(EmptyState(title: "\"items\":[]", message: "B")),
            fallback: ItemFallback(title: "x"))
        let sections = [
            ScreenSection(id: "s\"items\":[]", layout: ScreenLayouts.leaderboard, header: header, items: [item, item]),
            ScreenSection(
                id: "empty", layout: ScreenLayouts.followedUsers, wideLayout: ScreenLayouts.userGrid, items: []),
        ]
        let document = ScreenDocument(screen: .home, title: "Tab\there \"quoted\"", revision: "8.2", sections: sections)
        let written = try document.json(
            sectionJSON: { try $0.jsonAroundItems() }, itemJSON: { Array(try HabitsJSON.encoder().encode($0)) })
        #expect(String(decoding: written, as: UTF8.self)
            == String(decoding: try HabitsJSON.encoder().encode(document), as: UTF8.self))
    }

    @Test func aChangesetForAnotherRevisionIsRefused() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addHabit(10, "Run")
        let request = ScreenRequest(screen: .habits, viewerID: 1)
        let old = try await ScreenBuilder(source: world, now: Fixture.now).document(for: request, revision: "1")
        world.favorites[1] = [10]
        let new = try await ScreenBuilder(source: world, now: Fixture.now).document(for: request, revision: "2")
        var changeset = try new.changeset(from: old)
        #expect(!changeset.isEmpty)
        changeset.from = "0"
        #expect(throws: ScreenChangeError.revisionMismatch(expected: "1", found: "0")) { try old.applying(changeset) }
    }
}
