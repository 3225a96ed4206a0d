import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// The `ScreenSource` of one `readScreens`: every read runs `SQLiteScreenReads` on a connection of
/// `SnapshotReaders` whose read transaction stays open until the read ends, so all see one commit.
///
/// A read is a synchronous hop onto the connection's queue: SQLite answers from memory in microseconds,
/// and suspending for each would cost more than the read.
struct SQLiteSnapshotSource: ScreenSource {
    let connection: DatabaseQueue
    let revision: Int64

    private func reads<T>(_ body: (SQLiteScreenReads) throws -> T) throws -> T {
        try connection.inDatabase { db in try body(SQLiteScreenReads(db: db)) }
    }

    func user(id: Int64) async throws -> User? { try reads { try $0.user(id: id) } }
    func user(key: String) async throws -> User? { try reads { try $0.user(key: key) } }
    func users(excluding excludedID: Int64?) async throws -> [User] {
        try reads { try $0.users(excluding: excludedID) }
    }
    func categories() async throws -> [Category] { try reads { try $0.categories() } }
    func habits() async throws -> [Habit] { try reads { try $0.habits() } }
    func habit(id: Int64) async throws -> Habit? { try reads { try $0.habit(id: id) } }
    func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        try reads { try $0.favoriteHabitIDs(userID: userID) }
    }
    func followedUsers(userID: Int64) async throws -> [User] {
        try reads { try $0.followedUsers(userID: userID) }
    }
    func counts(userID: Int64) async throws -> [Int64: Int] { try reads { try $0.counts(userID: userID) } }
    func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        try reads { try $0.loggedHabitIDs(userID: userID) }
    }
    func count(userID: Int64, habitID: Int64) async throws -> Int {
        try reads { try $0.count(userID: userID, habitID: habitID) }
    }
    func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        try reads { try $0.standings(habitID: habitID, limit: limit) }
    }
    func position(habitID: Int64, count: Int) async throws -> RankPosition {
        try reads { try $0.position(habitID: habitID, count: count) }
    }
    func rank(habitID: Int64, count: Int) async throws -> Int {
        try reads { try $0.rank(habitID: habitID, count: count) }
    }
    func rank(userID: Int64, habitID: Int64) async throws -> Int {
        try reads { try $0.rank(habitID: habitID, count: try $0.count(userID: userID, habitID: habitID)) }
    }
    func habitDays(
        userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay
    ) async throws -> [HabitDay] {
        try reads { try $0.habitDays(userID: userID, habitID: habitID, from: first, through: last) }
    }
    func doneDays(
        userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay
    ) async throws -> [LocalDay] {
        try reads { try $0.doneDays(userID: userID, habitID: habitID, from: first, through: last) }
    }
    func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        try reads { try $0.streak(userID: userID, habitID: habitID, today: today) }
    }

    func featuredProgram() async throws -> Program? { try reads { try $0.featuredProgram() } }
    func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        try reads { try $0.programs(categoryID: categoryID, limit: limit) }
    }
    func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> {
        try reads { try $0.joinedProgramIDs(userID: userID) }
    }
    func programRatings(userID: Int64) async throws -> [Int64: Int] {
        try reads { try $0.programRatings(userID: userID) }
    }
    func helpTags() async throws -> [HelpTag] { try reads { try $0.helpTags() } }
    func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        try reads { try $0.questions(viewerID: viewerID, tagID: tagID) }
    }
    func recentEmoji(userID: Int64) async throws -> [String] { try reads { try $0.recentEmoji(userID: userID) } }
}
