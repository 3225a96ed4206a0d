import Foundation
import HabitsDemo
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// `--demo` fills Discover, Help and the emoji picker, the same way for the same seed and date.
@Suite(.timeLimit(.minutes(10))) struct DemoProgramsAndHelpTests {
    @Test func theDemoFillsDiscoverHelpAndTheEmojiPicker() async throws {
        let data = DemoDataSet(now: Fixture.now)
        let store = try await SQLiteHabitStore.temporary()
        try await DemoContent.load(data, into: store)
        let me = try #require(try await store.readScreens { try await $0.user(key: data.activeUserID) })
        let (categories, featured, joined, questions, recents, ratings) = try await store.readScreens { source in
            let categories = try await source.categories().asyncMap {
                try await source.programs(categoryID: $0.id, limit: 10)
            }
            return (
                categories, try await source.featuredProgram(), try await source.joinedProgramIDs(userID: me.id),
                try await source.questions(viewerID: me.id, tagID: nil), try await source.recentEmoji(userID: me.id),
                try await source.programRatings(userID: me.id)
            )
        }
        #expect(categories.count == 7 && categories.allSatisfy { (3...4).contains($0.count) })
        let programs = categories.flatMap { $0 }
        #expect(Set(programs.map(\.price.currency)) == ["USD", "EUR", "KRW"])
        #expect(programs.filter(\.price.isFree).count == 1)
        #expect(programs.contains { $0.tag == "Bestseller" } && programs.contains { $0.tag == "New" })
        #expect(programs.filter { $0.rating.count > 0 }.count > programs.count / 2)
        #expect(featured?.featured == true)
        #expect(joined.count == 2 && ratings.count == 2)
        #expect(questions.filter { $0.answer == nil }.count == 1 && questions.count >= 13)
        #expect(questions.contains { $0.question.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(recents == ["🏃", "💧", "📚", "🧘", "🎨"])
        #expect(try await store.helpTags(page: PageRequest()).items.count == 6)

        let again = DemoDataSet(now: Fixture.now)
        #expect(again.programsAndHelp.programs == data.programsAndHelp.programs
            && again.programsAndHelp.ratings == data.programsAndHelp.ratings)
        #expect(again.logs == data.logs, "the programs and help are drawn after the history, which stays as it was")
    }

    @Test func aSimulatorResetBringsTheProgramsAndHelpBack() async throws {
        let demo = DemoDataSet(activeUserID: "activeUser", now: Fixture.now)
        // The demo's people and habits without the programs and help: a reset adds them.
        let store = try await SQLiteHabitStore.temporary(content: StoreContent(demo: demo))
        #expect(try await store.programs(page: PageRequest(limit: 200)).items.isEmpty)
        let simulator = ActivitySimulator(store: store, demo: demo, activeUserID: "activeUser", startRunning: false)
        try await simulator.reset(now: Fixture.now)
        let programs = try await store.programs(page: PageRequest(limit: 200)).items
        #expect(programs.count == demo.programsAndHelp.programs.count)
        let me = try #require(try await store.readScreens { try await $0.user(key: "activeUser") })
        #expect(try await store.recentEmoji(userID: me.id).count == 5)
        #expect(
            try await store.favorites(userID: me.id, page: PageRequest()).items.count >= demo.favoriteHabitNames.count)
    }
}
