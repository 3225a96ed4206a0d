import HabitsDomain
import Foundation

/// A user's place in one habit's ranking: the user and their all-time count of logs of the habit.
public struct Standing: Hashable, Sendable {
    public var user: User
    public var count: Int

    public init(user: User, count: Int) {
        self.user = user
        self.count = count
    }
}

/// Where a count places in one habit's ranking.
public struct RankPosition: Hashable, Sendable {
    /// Competition rank: 1 + the number of users with a strictly higher count (5, 3, 3, 1 → 1, 2, 2, 4).
    public var rank: Int
    /// How many users have exactly this count, the one asking included when they have it.
    public var usersWithCount: Int

    public init(rank: Int, usersWithCount: Int) {
        self.rank = rank
        self.usersWithCount = usersWithCount
    }
}

/// What screen documents read, inside one read transaction so that a document shows one state.
///
/// Every read is `async`, so that a store whose driver is asynchronous (PostgreSQL) answers it as it
/// is; the source lives only inside `ScreenStore.readScreens`, whose snapshot every read sees. Every
/// call is served by an index: none scans the logs, and none reads all users except `users`, whose
/// screen lists them all. Counts are all-time log counts kept in the write's transaction.
public protocol ScreenSource {
    /// The store's revision at the start of the read.
    var revision: Int64 { get }
    /// The user with this id.
    func user(id: Int64) async throws -> User?
    /// The user with this course key (compared in NFC).
    func user(key: String) async throws -> User?
    /// Every user but `excludedID`, by name, then key.
    func users(excluding excludedID: Int64?) async throws -> [User]
    /// Every category, by name.
    func categories() async throws -> [Category]
    /// Every habit, by name.
    func habits() async throws -> [Habit]
    /// The habit with this id.
    func habit(id: Int64) async throws -> Habit?
    /// The ids of a user's favourite habits.
    func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64>
    /// The users a user follows, by name, then key.
    func followedUsers(userID: Int64) async throws -> [User]
    /// A user's count of every habit they logged at least once, by habit id.
    func counts(userID: Int64) async throws -> [Int64: Int]
    /// The habits a user logged at least once: what `counts` says without the numbers, for screens
    /// that only compare which habits people share.
    func loggedHabitIDs(userID: Int64) async throws -> Set<Int64>
    /// Says that what was made of `loggedHabitIDs(userID:)` depends only on whether the user logged each
    /// of `habitIDs`: a source that records reads narrows that read to them; others ignore it.
    func loggedHabitsDecided(userID: Int64, by habitIDs: Set<Int64>)
    /// Says that what was made depends on the day, which ends at `instant`: a source that records reads
    /// notes when the screen changes without a write; others ignore it.
    func dayEnds(at instant: Date)
    /// A user's count of one habit (0 when never logged).
    func count(userID: Int64, habitID: Int64) async throws -> Int
    /// The users who logged a habit at least once, by count from highest, ties by name, then key;
    /// the first `limit` of them, or all when `limit` is nil.
    func standings(habitID: Int64, limit: Int?) async throws -> [Standing]
    /// Where `count` (at least 1) places in the habit's ranking.
    func position(habitID: Int64, count: Int) async throws -> RankPosition
    /// The competition rank of `count` in the habit's ranking, for screens that do not show ties.
    func rank(habitID: Int64, count: Int) async throws -> Int
    /// The competition rank of a user's own count of a habit, for screens that show the rank without the
    /// count: a change of the count that passes nobody leaves it as it was.
    func rank(userID: Int64, habitID: Int64) async throws -> Int
    /// The days of a pair from `first` through `last` holding a log, a skip or a note, in order.
    func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [HabitDay]
    /// The done days of a pair from `first` through `last`, in order.
    func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    /// A user's streak in a habit on `today`.
    func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary

    /// The newest featured program: Discover's banner.
    func featuredProgram() async throws -> Program?
    /// A category's programs, newest first (then highest id), at most `limit`.
    func programs(categoryID: Int64, limit: Int) async throws -> [Program]
    /// The programs a user joined.
    func joinedProgramIDs(userID: Int64) async throws -> Set<Int64>
    /// A user's own ratings (stars 1…5) by program id.
    func programRatings(userID: Int64) async throws -> [Int64: Int]
    /// Every help tag, by name, then id.
    func helpTags() async throws -> [HelpTag]
    /// The questions `viewerID` may see (the answered ones and their own), in id order; only those under
    /// `tagID` when it is given.
    func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question]
    /// The emoji a user picked most recently, most recent first, at most `RecentEmoji.limit`.
    func recentEmoji(userID: Int64) async throws -> [String]
    /// Every habit `ownerID` made, archived ones too, in the owner's order (position, then id).
    func ownHabits(ownerID: Int64) async throws -> [Habit]
    /// The first reads of many viewers' screens at once, an entry for each id; a store over a network
    /// answers them in a few queries instead of a few per viewer.
    func viewerReads(userIDs: [Int64]) async throws -> [Int64: ViewerReads]
    /// Whether the batched reads (`viewerReads`, `counts(userIDs:)`, `standings(habitIDs:limit:)`,
    /// `positions(_:)`) save round trips, so that a batch of screens is worth reading ahead.
    var readsAheadInBatches: Bool { get }
    /// `counts(userID:)` of each user, an entry for each id.
    func counts(userIDs: [Int64]) async throws -> [Int64: [Int64: Int]]
    /// `standings(habitID:limit:)` of each habit, an entry for each id.
    func standings(habitIDs: [Int64], limit: Int) async throws -> [Int64: [Standing]]
    /// `position(habitID:count:)` of each pair, an entry for each.
    func positions(_ counts: [RankedCount]) async throws -> [RankedCount: RankPosition]
    /// `standings(habitIDs:limit:)` and `positions(_:)` together: a store over a network asks both at once.
    func standingsAndPositions(
        habitIDs: [Int64], limit: Int, positions counts: [RankedCount]
    ) async throws -> (standings: [Int64: [Standing]], positions: [RankedCount: RankPosition])
}

extension ScreenSource {
    /// From `habits()`, which a store answers with every habit: what a screen reads of them is recorded
    /// there, so an edit, archive or reorder of one rebuilds the screens that show it.
    ///
    /// - Complexity: O(h log h) for h habits.
    public func ownHabits(ownerID: Int64) async throws -> [Habit] {
        try await habits().filter { $0.ownerID == ownerID }.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }
    public func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        Set(try await counts(userID: userID).keys)
    }
    public func loggedHabitsDecided(userID: Int64, by habitIDs: Set<Int64>) {}
    public func dayEnds(at instant: Date) {}
    public func count(userID: Int64, habitID: Int64) async throws -> Int {
        try await counts(userID: userID)[habitID] ?? 0
    }
    public func rank(habitID: Int64, count: Int) async throws -> Int {
        try await position(habitID: habitID, count: count).rank
    }
    public func rank(userID: Int64, habitID: Int64) async throws -> Int {
        try await rank(habitID: habitID, count: try await count(userID: userID, habitID: habitID))
    }
}
