import Foundation
import HabitsDomain

/// An image stored for a user, with the content type it is served with.
public struct StoredImage: Hashable, Sendable {
    public var contentType: String
    public var bytes: Data

    public init(contentType: String, bytes: Data) {
        self.contentType = contentType
        self.bytes = bytes
    }
}

/// Everything a store holds, for loading a data set (such as the demo) in one transaction.
public struct StoreContent: Sendable {
    public var users: [CourseAPI.User]
    public var categories: [CourseAPI.Category]
    public var habits: [CourseAPI.Habit]
    public var logs: [CourseAPI.LoggedHabit]
    public var images: [String: StoredImage]
    /// Whether this is the demo's data set: the store then remembers that its content is the demo's
    /// (see `ContentOrigin`), until content that is not replaces it.
    public var isDemo: Bool

    public init(
        users: [CourseAPI.User], categories: [CourseAPI.Category], habits: [CourseAPI.Habit],
        logs: [CourseAPI.LoggedHabit], images: [String: StoredImage],
        isDemo: Bool = false
    ) {
        self.users = users
        self.categories = categories
        self.habits = habits
        self.logs = logs
        self.images = images
        self.isDemo = isDemo
    }
}

/// Who made what a store holds, so that `--demo` never replaces data the demo did not create.
public enum ContentOrigin: Hashable, Sendable {
    /// No users, categories, habits, logs, programs or help at all.
    case empty
    /// The demo's data set loaded it (`StoreContent.isDemo`), and no server without `--demo` ran on it since.
    case demo
    /// Anything else: data people or another program wrote.
    case other(users: Int, habits: Int, logs: Int)
}

/// What a statistics cache needs: the latest revision, cheaply, and a consistent snapshot.
public protocol StatisticsSource: Sendable {
    /// Users, habits and counters read in one transaction.
    func statisticsSnapshot() async throws -> StatisticsSnapshot
    /// The revision of the last committed write; cheap, for cache checks.
    func currentRevision() -> Int64
}

/// Where habits, users and their logs live: the whole interface of a store (`SQLiteHabitStore` is one).
///
/// Every write runs in one transaction that also updates the per-(user, habit) counter and bumps the
/// revision, so a reader never sees a log without its count. Unknown references throw
/// `HabitsError.notFound` and write nothing.
public protocol HabitStore:
    ResourceStore, ProgramStore, HelpStore, EmojiStore, AccountStore, IdempotencyStore, ImportStore, StatisticsSource,
    StoreHealth, ScreenStore
{
    /// All users, ordered by id.
    func users() async throws -> [CourseAPI.User]
    /// All habits, ordered by name.
    func habits() async throws -> [CourseAPI.Habit]
    /// All categories, ordered by name.
    func categories() async throws -> [CourseAPI.Category]
    /// Stores events and bumps their counters, all in one transaction (all or nothing); returns the
    /// new logs' ids, in order, once committed.
    @discardableResult
    func log(_ events: [CourseAPI.LoggedHabit]) async throws -> [Int64]
    /// The stored picture of a user, if any. Throws `notFound` for an unknown user.
    func image(userID: String) async throws -> StoredImage?
    /// Stores (or replaces) the picture of a user.
    func setImage(_ image: StoredImage, userID: String) async throws
    /// Whether the store holds no users and no habits.
    func isEmpty() async throws -> Bool
    /// Replaces everything with `content`, in one transaction.
    func replaceAll(with content: StoreContent) async throws
    /// Who made what the store holds.
    func contentOrigin() async throws -> ContentOrigin
    /// Forgets that the content is the demo's: from now on `contentOrigin` is `.other` unless it is empty.
    func disownDemoContent() async throws
    /// Records that a person (not the demo's loader or simulator) wrote to the demo's content, so that a
    /// reset, which would delete what they wrote, is refused; a new demo load forgets it.
    func markDemoWrittenByPeople() async throws
    /// Whether a person wrote to the demo's content since it was loaded.
    func demoWrittenByPeople() async throws -> Bool
}

/// What a readiness probe needs: whether the store answers.
public protocol StoreHealth: Sendable {
    /// Checks that the store answers; throws when it does not.
    func ping() async throws
}

extension HabitStore {
    /// Stores one event and bumps its counter; returns the new log's id once committed.
    @discardableResult
    public func log(_ event: CourseAPI.LoggedHabit) async throws -> Int64 {
        guard let id = try await log([event]).first else {
            throw HabitsError.unavailable(reason: "The store did not report the new log.")
        }
        return id
    }
}
