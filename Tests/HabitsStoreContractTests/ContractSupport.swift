import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

// What the contract tests share. Nothing here names an implementation: every store comes from
// `StoreImplementation.make(content:)`, so that a new store runs the same tests unchanged.

extension StoreImplementation {
    /// A store holding the fixture without its picture: users 1…5 (`user0`…`user4`), habits 1…4 (Run,
    /// Read, Deep breathing, Swim) in category 1 (Health).
    func makeFixture() async throws -> any HabitStore {
        try await make(content: Fixture.content(withImage: false))
    }
}

/// Runs `body` on a new fixture store of `implementation`.
func withStore(_ implementation: StoreImplementation, _ body: (any HabitStore) async throws -> Void) async throws {
    try await body(try await implementation.makeFixture())
}

func newUser(_ key: String, name: String? = nil) -> User {
    User(
        id: 0, key: key, name: name ?? "Name \(key)", color: nil, bio: nil, timeZone: "Europe/Paris", locale: "fr_FR")
}

func allUsers(_ store: any HabitStore) async throws -> [User] {
    try await store.users(page: PageRequest(limit: 200)).items
}

func habitID(_ store: any HabitStore, named name: String) async throws -> Int64 {
    let habits = try await store.habits(page: PageRequest(limit: 200)).items
    return try #require(habits.first { $0.name == name }).id
}

func userID(_ store: any HabitStore, key: String) async throws -> Int64 {
    try #require(try await allUsers(store).first { $0.key == key }).id
}

/// Row ids of the store's users (by key) and habits (by name), as screens read them.
func screenIDs(_ store: any HabitStore) async throws -> (users: [String: Int64], habits: [String: Int64]) {
    try await store.readScreens { source in
        var users: [String: Int64] = [:]
        for user in try await source.users(excluding: nil) { users[user.key] = user.id }
        var habits: [String: Int64] = [:]
        for habit in try await source.habits() { habits[habit.name] = habit.id }
        return (users, habits)
    }
}

/// A program of the fixture's Health category (row id 1) with `habitIDs`.
func fixtureProgram(_ title: String = "Couch to 5K", habitIDs: [Int64] = [], featured: Bool = false) -> Program
{
    Program(
        id: 0, title: title, author: "Ada", summary: "Run three times a week.", categoryID: 1,
        price: Price(minorUnits: 1999, currency: "USD"), tag: nil, habitIDs: habitIDs, featured: featured,
        createdAt: Fixture.now)
}

/// A question sent at `Fixture.now`.
func fixtureQuestion(_ text: String, answer: String? = nil, tags: [Int64] = [], author: Int64? = nil)
    -> Question
{
    Question(id: 0, question: text, answer: answer, tagIDs: tags, authorID: author, createdAt: Fixture.now)
}
