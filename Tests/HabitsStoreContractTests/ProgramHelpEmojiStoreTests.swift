import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct ProgramHelpEmojiStoreTests {
    @Test(arguments: StoreImplementation.allCases)
    func joiningAddsTheProgramsHabitsToFavouritesInOneTransaction(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let program = try await store.createProgram(fixtureProgram(habitIDs: [2, 1]))
        #expect(program.habitIDs == [2, 1] && program.createdAt == Fixture.now)
        try await store.setFavorite(userID: 3, habitID: 1, true)
        var feed = store.storeChanges().makeAsyncIterator()
        try await store.joinProgram(userID: 3, programID: program.id)
        let change = try #require(await feed.next())
        #expect(change.programs && change.favoritesOf == [3] && !change.catalogue && !change.help)
        #expect(try await favoriteIDs(store, of: 3) == [1, 2])
        // Idempotent, and leaving keeps the favourites.
        try await store.joinProgram(userID: 3, programID: program.id)
        #expect(try await store.joinedPrograms(userID: 3, page: PageRequest()).items.map(\.id) == [program.id])
        try await store.leaveProgram(userID: 3, programID: program.id)
        #expect(try await store.joinedPrograms(userID: 3, page: PageRequest()).items.isEmpty)
        #expect(try await favoriteIDs(store, of: 3) == [1, 2])
        // An unknown user joins nothing and favours nothing.
        await #expect(throws: HabitsError.notFound(kind: .user, id: "99")) {
            try await store.joinProgram(userID: 99, programID: program.id)
        }
        await #expect(throws: HabitsError.notFound(kind: .program, id: "77")) {
            try await store.joinProgram(userID: 3, programID: 77)
        }
        #expect(try await favoriteIDs(store, of: 3) == [1, 2])
    }

    @Test(arguments: StoreImplementation.allCases)
    func recentEmojiMoveToTheFrontAndKeepThirty(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let emoji = Array("😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙🥲😚🙂🤗🤩🤔🫡🤨😐😑😶🫥😏😒🙄😬")
            .map(String.init)
        var model: [String] = []
        for (index, pick) in (emoji + ["😃", "😀", "😬"]).enumerated() {
            let habit = try await store.pickEmoji(userID: 2, habitID: Int64(index % 4 + 1), emoji: pick)
            #expect(habit.emoji == pick)
            model = RecentEmoji.picking(pick, after: model)
            #expect(try await store.recentEmoji(userID: 2) == model)
        }
        let recents = try await store.recentEmoji(userID: 2)
        #expect(recents.count == 30 && recents.prefix(3) == ["😬", "😀", "😃"])
        #expect(try await store.habit(id: Int64((emoji.count + 2) % 4 + 1)).emoji == "😬", "the last pick's habit")
        #expect(try await store.recentEmoji(userID: 3).isEmpty)
        var feed = store.storeChanges().makeAsyncIterator()
        _ = try await store.pickEmoji(userID: 3, habitID: 1, emoji: "🏃")
        let change = try #require(await feed.next())
        #expect(change.catalogue && change.recentEmojiOf == [3] && !change.programs)
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "9")) {
            _ = try await store.pickEmoji(userID: 3, habitID: 9, emoji: "🏊")
        }
        #expect(try await store.recentEmoji(userID: 3) == ["🏃"], "a failed pick changes no recents")
    }

    @Test(arguments: StoreImplementation.allCases)
    func unansweredQuestionsAreSeenByTheirAuthorsOnly(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let billing = try await store.createHelpTag(HelpTag(id: 0, name: "Billing"))
        let sync = try await store.createHelpTag(HelpTag(id: 0, name: "Sync"))
        let faq = try await store.createQuestion(
            fixtureQuestion("How do I pay?", answer: "By card.", tags: [billing.id]))
        let mine = try await store.createQuestion(fixtureQuestion("Refund?", tags: [sync.id, billing.id], author: 2))
        let theirs = try await store.createQuestion(fixtureQuestion("Sync stuck", author: 3))
        #expect(mine.tagIDs == [billing.id, sync.id])
        func visible(_ viewer: Int64?, _ tag: Int64? = nil) async throws -> [Int64] {
            try await store.questions(viewerID: viewer, tagID: tag, page: PageRequest()).items.map(\.id)
        }
        #expect(try await visible(2) == [faq.id, mine.id])
        #expect(try await visible(3) == [faq.id, theirs.id])
        #expect(try await visible(4) == [faq.id])
        #expect(try await visible(nil) == [faq.id, mine.id, theirs.id])
        #expect(try await visible(2, billing.id) == [faq.id, mine.id])
        #expect(try await visible(4, billing.id) == [faq.id])
        #expect(try await visible(3, sync.id) == [])
        let onScreen = try await store.readScreens { try await $0.questions(viewerID: 2, tagID: nil).map(\.id) }
        #expect(onScreen == [faq.id, mine.id])
        // Paging the merged walks keeps id order.
        let first = try await store.questions(viewerID: 2, tagID: nil, page: PageRequest(limit: 1))
        #expect(first.items.map(\.id) == [faq.id] && first.nextCursor != nil)
        let second = try await store.questions(
            viewerID: 2, tagID: nil, page: PageRequest(after: PageCursor(id: faq.id), limit: 1))
        #expect(second.items.map(\.id) == [mine.id])
        // Answering makes it everyone's.
        _ = try await store.updateQuestion(id: theirs.id) { question in
            var question = question
            question.answer = "Pull to refresh."
            return question
        }
        #expect(try await visible(4) == [faq.id, theirs.id])
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletesCascadeInOneTransaction(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let program = try await store.createProgram(fixtureProgram(habitIDs: [1, 2, 3]))
        let other = try await store.createProgram(fixtureProgram("Read more", habitIDs: [2]))
        try await store.joinProgram(userID: 2, programID: program.id)
        try await store.joinProgram(userID: 3, programID: program.id)
        _ = try await store.rateProgram(userID: 2, programID: program.id, stars: 5)
        _ = try await store.rateProgram(userID: 3, programID: program.id, stars: 2)
        _ = try await store.rateProgram(userID: 2, programID: other.id, stars: 4)
        let tag = try await store.createHelpTag(HelpTag(id: 0, name: "Account"))
        let sent = try await store.createQuestion(fixtureQuestion("Delete me?", tags: [tag.id], author: 2))
        let faq = try await store.createQuestion(fixtureQuestion("What?", answer: "This.", tags: [tag.id]))
        _ = try await store.pickEmoji(userID: 2, habitID: 4, emoji: "🏊")

        var feed = store.storeChanges().makeAsyncIterator()
        try await store.deleteUser(id: 2, cascade: true)
        let change = try #require(await feed.next())
        #expect(change.catalogue && change.programs && change.help && change.recentEmojiOf == [2])
        #expect(try await store.program(id: program.id).rating == RatingSummary(count: 1, starTotal: 2))
        #expect(try await store.program(id: other.id).rating == RatingSummary())
        await #expect(throws: HabitsError.notFound(kind: .question, id: String(sent.id))) {
            _ = try await store.question(id: sent.id)
        }
        #expect(try await store.joinedPrograms(userID: 3, page: PageRequest()).items.map(\.id) == [program.id])
        #expect(try await store.questions(viewerID: nil, tagID: nil, page: PageRequest()).items.map(\.id) == [faq.id])

        try await store.deleteHabit(id: 2, cascade: true)
        #expect(try await store.program(id: program.id).habitIDs == [1, 3])
        #expect(try await store.program(id: other.id).habitIDs == [])

        await #expect(throws: HabitsError.self) { try await store.deleteCategory(id: 1) }
        try await store.deleteHelpTag(id: tag.id)
        #expect(try await store.question(id: faq.id).tagIDs == [])

        try await store.deleteProgram(id: program.id)
        #expect(try await store.joinedPrograms(userID: 3, page: PageRequest()).items.isEmpty)
        await #expect(throws: HabitsError.notFound(kind: .program, id: String(program.id))) {
            _ = try await store.programPicture(id: program.id)
        }
        #expect(try await favoriteIDs(store, of: 3).contains(1), "favourites stay")
    }

    @Test(arguments: StoreImplementation.allCases)
    func replacingEverythingEmptiesProgramsHelpAndRecentEmoji(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let program = try await store.createProgram(fixtureProgram(habitIDs: [1]))
        try await store.joinProgram(userID: 2, programID: program.id)
        _ = try await store.rateProgram(userID: 2, programID: program.id, stars: 3)
        try await store.setProgramPicture(
            StoredImage(contentType: "image/png", bytes: Data([1])), programID: program.id)
        let tag = try await store.createHelpTag(HelpTag(id: 0, name: "Sync"))
        _ = try await store.createQuestion(fixtureQuestion("Q", tags: [tag.id], author: 2))
        _ = try await store.pickEmoji(userID: 2, habitID: 1, emoji: "🏃")
        var feed = store.storeChanges().makeAsyncIterator()
        try await store.replaceAll(with: Fixture.content(withImage: false))
        let change = try #require(await feed.next())
        #expect(change.catalogue && change.programs && change.help)
        #expect(try await store.programs(page: PageRequest()).items.isEmpty)
        #expect(try await store.helpTags(page: PageRequest()).items.isEmpty)
        #expect(try await store.questions(viewerID: nil, tagID: nil, page: PageRequest()).items.isEmpty)
        #expect(try await store.recentEmoji(userID: 2).isEmpty)
        #expect(try await store.joinedPrograms(userID: 2, page: PageRequest()).items.isEmpty)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aCategoryWithProgramsCannotBeDeleted(implementation: StoreImplementation) async throws {
        let store = try await implementation.make(content: nil)
        let empty = try await store.createCategory(
            Category(id: 0, name: "Empty", color: Color(hue: 0, saturation: 0, brightness: 0)))
        var program = fixtureProgram()
        program.categoryID = empty.id
        let created = try await store.createProgram(program)
        do {
            try await store.deleteCategory(id: empty.id)
            Issue.record("deleted a category with a program")
        } catch let error as HabitsError {
            #expect(error.code == "conflict" && error.message.contains("1 program(s)"))
        }
        try await store.deleteProgram(id: created.id)
        try await store.deleteCategory(id: empty.id)
    }

    @Test(arguments: StoreImplementation.allCases)
    func everyWriteReportsWhatItChanged(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        var feed = store.storeChanges().makeAsyncIterator()
        func next() async throws -> StoreChange { try #require(await feed.next()) }
        let program = try await store.createProgram(fixtureProgram())
        #expect(try await next() == StoreChange(revision: store.currentRevision(), programs: true))
        _ = try await store.rateProgram(userID: 1, programID: program.id, stars: 3)
        #expect(try await next() == StoreChange(revision: store.currentRevision(), programs: true))
        try await store.joinProgram(userID: 1, programID: program.id)
        #expect(try await next() == StoreChange(revision: store.currentRevision(), programs: true))
        let tag = try await store.createHelpTag(HelpTag(id: 0, name: "Sync"))
        #expect(try await next() == StoreChange(revision: store.currentRevision(), help: true))
        _ = try await store.createQuestion(fixtureQuestion("Why?", tags: [tag.id], author: 1))
        #expect(try await next() == StoreChange(revision: store.currentRevision(), help: true))
        _ = try await store.pickEmoji(userID: 1, habitID: 1, emoji: "🏃")
        #expect(try await next() == StoreChange(revision: store.currentRevision(), catalogue: true, recentEmojiOf: [1]))

        // The other writes, each alone in its commit.
        let programs = StoreChange(revision: 0, programs: true)
        let help = StoreChange(revision: 0, help: true)
        let other = try await store.createProgram(fixtureProgram("Swim more", habitIDs: [4]))
        _ = try await next()
        let question = try await store.createQuestion(fixtureQuestion("How?", tags: [tag.id]))
        _ = try await next()
        let writes: [(String, StoreChange, () async throws -> Void)] = [
            ("update a program", programs, { _ = try await store.updateProgram(id: other.id) { $0 } }),
            ("remove a rating", programs, { try await store.removeRating(userID: 1, programID: program.id) }),
            ("leave", programs, { try await store.leaveProgram(userID: 1, programID: program.id) }),
            (
                "join", StoreChange(revision: 0, favoritesOf: [2], programs: true),
                {
                    try await store.joinProgram(userID: 2, programID: other.id)
                }
            ),
            (
                "delete a habit in a program", StoreChange(revision: 0, catalogue: true, programs: true),
                {
                    try await store.deleteHabit(id: 4, cascade: true)
                }
            ),
            ("delete a program", programs, { try await store.deleteProgram(id: other.id) }),
            ("rename a tag", help, { _ = try await store.updateHelpTag(id: tag.id) { $0 } }),
            ("answer", help, { _ = try await store.updateQuestion(id: question.id) { $0 } }),
            ("delete a tag", help, { try await store.deleteHelpTag(id: tag.id) }),
            ("delete a question", help, { try await store.deleteQuestion(id: question.id) }),
        ]
        for (name, expected, write) in writes {
            try await write()
            var change = try await next()
            change.revision = 0
            // Deleting a habit lists the favourites it removed; only the programs and help flags are checked here.
            change.favoritesOf = name.hasPrefix("delete a habit") ? [] : change.favoritesOf
            #expect(change == expected, "\(name)")
        }
        try await store.deleteUser(id: 1, cascade: true)
        // User 1 left the program and took the rating back: only the question and the recents go.
        let deleted = StoreChange(revision: store.currentRevision(), catalogue: true, help: true, recentEmojiOf: [1])
        #expect(try await next() == deleted)
    }

    @Test(arguments: StoreImplementation.allCases)
    func conflictsAndUnknownReferences(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        _ = try await store.createHelpTag(HelpTag(id: 0, name: "Éclair"))
        await #expect(throws: HabitsError.self) {
            _ = try await store.createHelpTag(HelpTag(id: 0, name: "éCLAIR"))
        }
        await #expect(throws: HabitsError.notFound(kind: .habit, id: "9")) {
            _ = try await store.createProgram(fixtureProgram(habitIDs: [1, 9]))
        }
        await #expect(throws: HabitsError.notFound(kind: .tag, id: "5")) {
            _ = try await store.createQuestion(fixtureQuestion("Q", tags: [5]))
        }
        await #expect(throws: HabitsError.notFound(kind: .user, id: "42")) {
            _ = try await store.createQuestion(fixtureQuestion("Q", author: 42))
        }
        #expect(try await store.programs(page: PageRequest()).items.isEmpty, "a failed create leaves nothing")
        #expect(try await store.questions(viewerID: nil, tagID: nil, page: PageRequest()).items.isEmpty)
    }
}

/// The ids of a user's favourite habits, as `/v1` lists them.
func favoriteIDs(_ store: any HabitStore, of userID: Int64) async throws -> Set<Int64> {
    Set(try await store.favorites(userID: userID, page: PageRequest()).items.map(\.id))
}
