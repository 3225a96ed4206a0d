import Foundation
import HabitsDomain
import HabitsStore

/// A `ScreenSource` as one viewer may see it: a private user is there only for itself and for the
/// followers it approved, so that no screen can show someone its viewer may not see; a personal habit is
/// there for its owner alone, and an archived habit for nobody.
///
/// The store's rankings hold only users who are not private; the few private users the viewer may see
/// (itself, and the private users it follows) are added back here, so that a ranking is computed among
/// the people the viewer sees. What is added is read through the base, so an observing base records it:
/// the viewer's follows, and each added user's count of the habit ranked.
public final class VisibleSource<Base: ScreenSource>: ScreenSource {
    let base: Base
    /// The user the screens are built for.
    public let viewerID: Int64
    /// The private users the viewer may see, once read.
    private var privateUsersSeen: [User]?
    /// Per habit, the private users seen who logged it, with their counts, once read.
    private var addedStandings: [Int64: [Standing]] = [:]
    /// The habits the viewer may not see (others' personal habits, archived ones), once read.
    private var hiddenHabits: Set<Int64>?

    public init(_ base: Base, viewerID: Int64) {
        self.base = base
        self.viewerID = viewerID
    }

    public var revision: Int64 { base.revision }

    /// The private users the viewer may see: itself when private, and the private users it follows.
    ///
    /// - Complexity: O(f) for the f users the viewer follows, read once per source.
    func privateUsersSeenByViewer() async throws -> [User] {
        if let privateUsersSeen { return privateUsersSeen }
        var seen: [User] = []
        if let viewer = try await base.user(id: viewerID), viewer.isPrivate { seen.append(viewer) }
        for user in try await base.followedUsers(userID: viewerID) where user.isPrivate && user.id != viewerID {
            seen.append(user)
        }
        privateUsersSeen = seen
        return seen
    }

    /// The habits no screen of the viewer shows: someone else's personal habits and archived habits.
    ///
    /// - Complexity: O(h) for the h habits, read once per source.
    func hiddenHabitIDs() async throws -> Set<Int64> {
        if let hiddenHabits { return hiddenHabits }
        let hidden = Set(try await base.habits().lazy.filter { !self.shows($0) }.map(\.id))
        hiddenHabits = hidden
        return hidden
    }

    /// Whether the viewer's screens show `habit`.
    func shows(_ habit: Habit) -> Bool { habit.isVisible(to: viewerID) && !habit.isArchived }

    /// Whether the viewer may see `user`; reads the viewer's follows only for a private user.
    public func maySee(_ user: User) async throws -> Bool {
        guard user.isPrivate, user.id != viewerID else { return true }
        return try await privateUsersSeenByViewer().contains { $0.id == user.id }
    }

    /// The private users seen who logged `habitID`, with their counts, by count from highest.
    ///
    /// - Complexity: O(p) count reads for the p private users seen, once per habit.
    func addedStandings(habitID: Int64) async throws -> [Standing] {
        if let added = addedStandings[habitID] { return added }
        var added: [Standing] = []
        for user in try await privateUsersSeenByViewer() {
            let count = try await base.count(userID: user.id, habitID: habitID)
            if count > 0 { added.append(Standing(user: user, count: count)) }
        }
        added.sort(by: Self.ranksBefore)
        addedStandings[habitID] = added
        return added
    }

    /// The stores' order of standings: count from highest, then name, then key, compared byte by byte.
    static func ranksBefore(_ first: Standing, _ second: Standing) -> Bool {
        if first.count != second.count { return first.count > second.count }
        if first.user.name != second.user.name {
            return first.user.name.utf8.lexicographicallyPrecedes(second.user.name.utf8)
        }
        return first.user.key.utf8.lexicographicallyPrecedes(second.user.key.utf8)
    }

    public func user(id: Int64) async throws -> User? {
        guard let user = try await base.user(id: id) else { return nil }
        return try await maySee(user) ? user : nil
    }

    public func user(key: String) async throws -> User? {
        guard let user = try await base.user(key: key) else { return nil }
        return try await maySee(user) ? user : nil
    }

    public func users(excluding excludedID: Int64?) async throws -> [User] {
        var seen: [User] = []
        for user in try await base.users(excluding: excludedID) where try await maySee(user) { seen.append(user) }
        return seen
    }

    public func followedUsers(userID: Int64) async throws -> [User] {
        let followed = try await base.followedUsers(userID: userID)
        guard userID != viewerID else { return followed }
        var seen: [User] = []
        for user in followed where try await maySee(user) { seen.append(user) }
        return seen
    }

    /// - Complexity: O(k + p log p) for the k standings read and the p private users seen.
    public func standings(habitID: Int64, limit: Int?) async throws -> [Standing] {
        let ranked = try await base.standings(habitID: habitID, limit: limit)
        let added = try await addedStandings(habitID: habitID)
        guard !added.isEmpty else { return ranked }
        let merged = (ranked + added).sorted(by: Self.ranksBefore)
        return limit.map { Array(merged.prefix(max($0, 0))) } ?? merged
    }

    public func position(habitID: Int64, count: Int) async throws -> RankPosition {
        var position = try await base.position(habitID: habitID, count: count)
        for standing in try await addedStandings(habitID: habitID) {
            if standing.count > count { position.rank += 1 }
            if standing.count == count { position.usersWithCount += 1 }
        }
        return position
    }

    public func rank(habitID: Int64, count: Int) async throws -> Int {
        let above = try await addedStandings(habitID: habitID).count { $0.count > count }
        return try await base.rank(habitID: habitID, count: count) + above
    }

    public func rank(userID: Int64, habitID: Int64) async throws -> Int {
        let rank = try await base.rank(userID: userID, habitID: habitID)
        let others = try await addedStandings(habitID: habitID).filter { $0.user.id != userID }
        guard !others.isEmpty else { return rank }
        let count = try await base.count(userID: userID, habitID: habitID)
        return rank + others.count { $0.count > count }
    }

    // The reads below name users the screens found through the reads above, or read no one's counts.

    public func categories() async throws -> [Category] { try await base.categories() }
    public func habits() async throws -> [Habit] { try await base.habits().filter(shows) }
    /// The viewer's own, archived ones too (a screen that restores them shows them); nobody else's.
    public func ownHabits(ownerID: Int64) async throws -> [Habit] {
        ownerID == viewerID ? try await base.ownHabits(ownerID: ownerID) : []
    }
    public func habit(id: Int64) async throws -> Habit? {
        guard let habit = try await base.habit(id: id), shows(habit) else { return nil }
        return habit
    }
    public func favoriteHabitIDs(userID: Int64) async throws -> Set<Int64> {
        try await base.favoriteHabitIDs(userID: userID).subtracting(try await hiddenHabitIDs())
    }
    public func counts(userID: Int64) async throws -> [Int64: Int] {
        let hidden = try await hiddenHabitIDs()
        return try await base.counts(userID: userID).filter { !hidden.contains($0.key) }
    }
    public func loggedHabitIDs(userID: Int64) async throws -> Set<Int64> {
        try await base.loggedHabitIDs(userID: userID).subtracting(try await hiddenHabitIDs())
    }
    public func loggedHabitsDecided(userID: Int64, by habitIDs: Set<Int64>) {
        base.loggedHabitsDecided(userID: userID, by: habitIDs)
    }
    public func dayEnds(at instant: Date) { base.dayEnds(at: instant) }
    public func count(userID: Int64, habitID: Int64) async throws -> Int {
        try await base.count(userID: userID, habitID: habitID)
    }
    public func habitDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay)
        async throws -> [HabitDay]
    {
        try await base.habitDays(userID: userID, habitID: habitID, from: first, through: last)
    }
    public func doneDays(userID: Int64, habitID: Int64, from first: LocalDay, through last: LocalDay) async throws
        -> [LocalDay]
    {
        try await base.doneDays(userID: userID, habitID: habitID, from: first, through: last)
    }
    public func streak(userID: Int64, habitID: Int64, today: LocalDay) async throws -> StreakSummary {
        try await base.streak(userID: userID, habitID: habitID, today: today)
    }
    public func featuredProgram() async throws -> Program? { try await base.featuredProgram() }
    public func programs(categoryID: Int64, limit: Int) async throws -> [Program] {
        try await base.programs(categoryID: categoryID, limit: limit)
    }
    public func joinedProgramIDs(userID: Int64) async throws -> Set<Int64> {
        try await base.joinedProgramIDs(userID: userID)
    }
    public func programRatings(userID: Int64) async throws -> [Int64: Int] {
        try await base.programRatings(userID: userID)
    }
    public func helpTags() async throws -> [HelpTag] { try await base.helpTags() }
    public func questions(viewerID: Int64, tagID: Int64?) async throws -> [Question] {
        try await base.questions(viewerID: viewerID, tagID: tagID)
    }
    public func recentEmoji(userID: Int64) async throws -> [String] { try await base.recentEmoji(userID: userID) }
}
