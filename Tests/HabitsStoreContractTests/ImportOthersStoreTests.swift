import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Imports of what names others (follows, programs, ratings) and of help questions: written by the rules of
/// their own writes, once, and all or nothing with the rest of the import.
@Suite struct ImportOthersStoreTests {
    @Test(arguments: StoreImplementation.allCases)
    func followsProgramsRatingsAndQuestionsAreWrittenOnce(implementation: StoreImplementation) async throws {
        let account = try await ImportStoreTests.account(implementation)
        let store = account.store
        let ada = account.user
        let (cy, _) = try await store.createAccount(
            newUser("cy"), passwordHash: "h", visibility: .private, session: nil)
        let bob = try await userID(store, key: "user1")
        let couch = try await store.createProgram(fixtureProgram(habitIDs: [account.read]))
        let sleep = try await store.createProgram(fixtureProgram("Sleep well"))
        let asked = Fixture.instant("2026-01-02T03:04:05Z")
        let data = AccountImport(
            habits: [], logs: [], days: [], favoriteHabitIDs: [],
            followKeys: ["user1", "cy", "nobody", "ada", "user1"], programIDs: [couch.id, couch.id],
            ratings: [ImportedRating(programID: couch.id, stars: 4), ImportedRating(programID: sleep.id, stars: 2)],
            questions: Array(repeating: ImportedQuestion(question: "Why?", askedAt: asked), count: 2))
        let summary = try await store.importAccountData(data, userID: ada, now: ImportStoreTests.now)
        #expect(summary.followsAdded == 1 && summary.followsRequested == 2)
        #expect(summary.programsJoined == 1 && summary.favoritesAdded == 1 && summary.ratingsSet == 2)
        #expect(summary.questionsAdded == 1 && summary.questionsAlreadyThere == 1)

        #expect(try await store.following(userID: ada, page: PageRequest()).items.map(\.id) == [bob])
        // A private account is asked, as a follow through the API asks it.
        #expect(try await store.followRequests(userID: cy.id).map(\.user.id) == [ada])
        #expect(try await store.joinedPrograms(userID: ada, page: PageRequest()).items.map(\.id) == [couch.id])
        #expect(try await store.favorites(userID: ada, page: PageRequest()).items.map(\.id) == [account.read])
        #expect(try await store.program(id: couch.id).rating == RatingSummary(count: 1, starTotal: 4))
        #expect(try await store.program(id: sleep.id).rating == RatingSummary(count: 1, starTotal: 2))
        let questions = try await store.questions(viewerID: ada, tagID: nil, page: PageRequest()).items
        #expect(questions.map(\.question) == ["Why?"] && questions.map(\.createdAt) == [asked])
        #expect(questions.map(\.answer) == [nil] && questions.map(\.authorID) == [ada])

        // Twice is once; a changed rating moves the program's totals, not its count.
        let again = try await store.importAccountData(data, userID: ada, now: ImportStoreTests.now)
        // A private account waiting and an unknown username count alike every time: nothing tells them apart.
        #expect(again.followsAdded == 0 && again.followsRequested == 2 && again.programsJoined == 0)
        #expect(again.ratingsSet == 0 && again.questionsAdded == 0 && again.questionsAlreadyThere == 2)
        var changed = AccountImport(habits: [], logs: [], days: [], favoriteHabitIDs: [])
        changed.ratings = [ImportedRating(programID: couch.id, stars: 5)]
        #expect(try await store.importAccountData(changed, userID: ada, now: ImportStoreTests.now).ratingsSet == 1)
        #expect(try await store.program(id: couch.id).rating == RatingSummary(count: 1, starTotal: 5))
    }

    @Test(arguments: StoreImplementation.allCases)
    func aMissingProgramRefusesTheWholeImport(implementation: StoreImplementation) async throws {
        let account = try await ImportStoreTests.account(implementation)
        let store = account.store
        let couch = try await store.createProgram(fixtureProgram(habitIDs: [account.read]))
        var data = ImportStoreTests.sample(account, second: .new(ImportStoreTests.stretch(account.category)))
        data.followKeys = ["user1"]
        data.programIDs = [couch.id]
        data.ratings = [ImportedRating(programID: couch.id, stars: 3), ImportedRating(programID: 9_999, stars: 3)]
        data.questions = [ImportedQuestion(question: "Lost?", askedAt: Fixture.now)]
        await #expect(throws: HabitsError.self) {
            try await store.importAccountData(data, userID: account.user, now: ImportStoreTests.now)
        }
        #expect(try await store.following(userID: account.user, page: PageRequest()).items.isEmpty)
        #expect(try await store.joinedPrograms(userID: account.user, page: PageRequest()).items.isEmpty)
        #expect(try await store.program(id: couch.id).rating == RatingSummary())
        #expect(try await store.ownHabits(ownerID: account.user).isEmpty)
        #expect(try await store.questions(viewerID: account.user, tagID: nil, page: PageRequest()).items.isEmpty)
    }
}
