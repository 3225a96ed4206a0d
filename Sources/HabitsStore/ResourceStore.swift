import Foundation
import HabitsDomain

/// The `/v1` resources: users, categories, habits, logs, favourites and follows, addressed by stable
/// internal ids.
///
/// Every write is one transaction that keeps the counters and bumps the revision. Creates and updates
/// receive values the caller already checked with `ResourceRules`; the store checks what only it can
/// see: references (`notFound`), case-insensitive uniqueness of names and keys (`conflict`), and the
/// cascade rule (`conflict`).
public protocol ResourceStore: Sendable {
    /// Creates a user (its `id` is ignored) and returns it with its new id.
    func createUser(_ user: User) async throws -> User
    /// The user with this id.
    func user(id: Int64) async throws -> User
    /// Users in id order.
    func users(page: PageRequest) async throws -> Page<User>
    /// Reads the user, applies `change` and stores the result, all in one transaction.
    func updateUser(
        id: Int64, _ change: @escaping @Sendable (User) throws -> User
    ) async throws -> User
    /// Deletes a user; one with logs needs `cascade`, which deletes its logs too.
    func deleteUser(id: Int64, cascade: Bool) async throws

    /// Creates a category and returns it with its new id.
    func createCategory(_ category: Category) async throws -> Category
    /// The category with this id.
    func category(id: Int64) async throws -> Category
    /// Categories in id order.
    func categories(page: PageRequest) async throws -> Page<Category>
    /// Reads the category, applies `change` and stores the result, all in one transaction.
    func updateCategory(
        id: Int64, _ change: @escaping @Sendable (Category) throws -> Category
    ) async throws -> Category
    /// Deletes a category that no habit uses.
    func deleteCategory(id: Int64) async throws
    /// How many habits belong to each category that has any, shared, personal and archived ones alike: what
    /// `deleteCategory` counts before it refuses.
    func habitCountsByCategory() async throws -> [Int64: Int]

    /// Creates a habit and returns it with its new id.
    func createHabit(_ habit: Habit) async throws -> Habit
    /// The habit with this id.
    func habit(id: Int64) async throws -> Habit
    /// Habits in id order.
    func habits(page: PageRequest) async throws -> Page<Habit>
    /// Reads the habit, applies `change` and stores the result, all in one transaction.
    func updateHabit(
        id: Int64, _ change: @escaping @Sendable (Habit) throws -> Habit
    ) async throws -> Habit
    /// Deletes a habit; one with logs needs `cascade`, which deletes its logs too.
    func deleteHabit(id: Int64, cascade: Bool) async throws
    /// The habits `viewerID` may see (the shared ones and its own; every habit when nil), archived ones or
    /// the others, in id order.
    func habits(visibleTo viewerID: Int64?, archived: Bool, page: PageRequest) async throws -> Page<Habit>
    /// The habits `ownerID` made, archived ones too, in the owner's order (position, then id).
    func ownHabits(ownerID: Int64) async throws -> [Habit]
    /// Puts `habitIDs`, habits of `ownerID`'s own, first and in that order; the owner's others keep their
    /// order after them. Answers the owner's habits in the new order. An id that is not one of the owner's is
    /// `notFound`, a repeated one `invalid`, and nothing moves.
    func reorderHabits(ownerID: Int64, habitIDs: [Int64]) async throws -> [Habit]

    /// Stores every log in one transaction, or none when one names an unknown user or habit.
    func createLogs(_ logs: [LogDraft]) async throws -> [Log]
    /// The log with this id.
    func logEntry(id: Int64) async throws -> Log
    /// Removes one log and decrements its counter.
    func deleteLog(id: Int64) async throws
    /// Removes the user's latest log of the habit made on their today at `now` (by time, then id), with its
    /// counter, and answers its id; `conflict` (`HabitsError.nothingToUndo`) when there is none today.
    func undoLastLog(userID: Int64, habitID: Int64, now: Date) async throws -> Int64
    /// A user's logs in `range`, ordered by time then id; with `sharedHabitsOnly`, only those of catalogue
    /// habits (what another member may read: a personal habit and its logs are its owner's alone).
    func logs(userID: Int64, in range: TimeRange, page: PageRequest, sharedHabitsOnly: Bool) async throws
        -> Page<Log>

    /// Marks (or unmarks) a habit as one of a user's favourites; idempotent.
    func setFavorite(userID: Int64, habitID: Int64, _ isFavorite: Bool) async throws
    /// A user's favourite habits in habit id order.
    func favorites(userID: Int64, page: PageRequest) async throws -> Page<Habit>
    /// Makes a user follow (or stop following) another; idempotent. Following a private user only asks
    /// to (`.requested`) until it approves; stopping also withdraws a request.
    @discardableResult
    func setFollowing(userID: Int64, followedID: Int64, _ isFollowing: Bool) async throws -> FollowOutcome
    /// The users who follow a user, in id order (at most `limit`).
    func followers(userID: Int64, limit: Int) async throws -> [User]
    /// The requests waiting for a user's approval, oldest first.
    func followRequests(userID: Int64) async throws -> [FollowRequest]
    /// Approves (the requester then follows the user) or declines a waiting request.
    func answerFollowRequest(userID: Int64, requesterID: Int64, approve: Bool) async throws
    /// Whether `viewerID` may see `userID`: the user is public, is the viewer, or the viewer follows it.
    /// Throws `notFound` for an unknown user.
    func maySee(userID: Int64, viewerID: Int64) async throws -> Bool
    /// The users a user follows, in id order.
    func following(userID: Int64, page: PageRequest) async throws -> Page<User>

    /// Marks a day done: logs at the day's local noon until the schedule's `timesPerDay` is met, and takes
    /// back a skip; marking twice changes nothing. Throws `HabitsError.futureDay` for a day after the
    /// user's today at `now`.
    func markDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws
    /// Unmarks a day: removes the user's logs of the habit on that day, with their counters, and its skip,
    /// in one transaction (a note stays). Throws `HabitsError.futureDay` for a day after the user's today.
    func unmarkDay(userID: Int64, habitID: Int64, day: LocalDay, now: Date) async throws
    /// Skips a day (it neither breaks nor extends a streak) or takes the skip back. `conflict` for a done
    /// day, `invalid` beyond `HabitDay.maximumSkipsPerMonth` in the day's calendar month, `futureDay`.
    func setSkipped(userID: Int64, habitID: Int64, day: LocalDay, _ skipped: Bool, now: Date) async throws
    /// Sets a day's note (already checked by `HabitDay.noteRule`), or removes it (nil). `futureDay`.
    func setNote(userID: Int64, habitID: Int64, day: LocalDay, _ note: String?, now: Date) async throws
    /// The days from `first` through `last` holding a log, a skip or a note, in order.
    func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [HabitDay]
    /// The days from `first` through `last` whose target is met, in order.
    func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    /// The user's streak in a habit on their today at `now`, under the habit's schedule.
    func streak(userID: Int64, habitID: Int64, now: Date) async throws -> StreakSummary
}

extension ResourceStore {
    /// All of a user's logs in `range`, ordered by time then id.
    public func logs(userID: Int64, in range: TimeRange, page: PageRequest) async throws -> Page<Log> {
        try await logs(userID: userID, in: range, page: page, sharedHabitsOnly: false)
    }
}
