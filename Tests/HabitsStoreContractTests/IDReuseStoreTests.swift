import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// A deleted row's id is never given to another: clients keep ids (favourites, queued logs, links, an
/// event stream's documents), and a reused one would point them at someone else's user or habit.
@Suite(.timeLimit(.minutes(10))) struct IDReuseStoreTests {
    @Test(arguments: StoreImplementation.allCases)
    func theNewestDeletedRowsIDIsNotGivenAgain(implementation: StoreImplementation) async throws {
        let store = try await implementation.makeFixture()
        let category = try await store.createCategory(
            Category(id: 0, name: "Spare", color: Color(hue: 0.5, saturation: 0.5, brightness: 0.5)))
        try await store.deleteCategory(id: category.id)
        let nextCategory = try await store.createCategory(
            Category(id: 0, name: "Other", color: Color(hue: 0.5, saturation: 0.5, brightness: 0.5)))
        #expect(nextCategory.id > category.id)

        let user = try await store.createUser(newUser("gone"))
        try await store.deleteUser(id: user.id, cascade: true)
        let nextUser = try await store.createUser(newUser("later"))
        #expect(nextUser.id > user.id)

        let habit = try await store.createHabit(
            Habit(id: 0, name: "Juggle", categoryID: nextCategory.id, info: "", emoji: nil))
        try await store.deleteHabit(id: habit.id, cascade: true)
        let nextHabit = try await store.createHabit(
            Habit(id: 0, name: "Whistle", categoryID: nextCategory.id, info: "", emoji: nil))
        #expect(nextHabit.id > habit.id)

        let program = try await store.createProgram(fixtureProgram("Gone"))
        try await store.deleteProgram(id: program.id)
        let nextProgram = try await store.createProgram(fixtureProgram("Later"))
        #expect(nextProgram.id > program.id)

        let question = try await store.createQuestion(fixtureQuestion("Gone?"))
        try await store.deleteQuestion(id: question.id)
        let nextQuestion = try await store.createQuestion(fixtureQuestion("Later?"))
        #expect(nextQuestion.id > question.id)
    }
}
