import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Home: a leaderboard card per favourite habit, and a message per followed user.
    public static let home = ScreenName(declared: "home")
}

/// Home, the first tab.
public enum HomeScreen: Screen {
    public static let name = ScreenName.home
    public static let payloads: [any ItemPayload.Type] = [LeaderboardHabit.self, FollowedUser.self, EmptyState.self]
    public static let title = "Home"
    public static let tab: ScreenTab? = ScreenTab(title: "Home", icon: "⌂", order: 0)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.home(viewer: viewer, revision: revision)
    }
}

/// Home: a leaderboard card per favourite habit, and a message per followed user.
extension ScreenBuilder {
    func home(viewer: User, revision: String) async throws -> ScreenDocument {
        let habits = try await source.habits()
        let favorites = try await source.favoriteHabitIDs(userID: viewer.id)
        let viewerCounts = try await source.counts(userID: viewer.id)
        var cards: [ScreenItem] = []
        for habit in habits where favorites.contains(habit.id) {
            let viewerCount = viewerCounts[habit.id] ?? 0
            cards.append(try await leaderboardItem(habit: habit, viewer: viewer, viewerCount: viewerCount))
        }
        let comparison = FollowedUserComparison(
            source: source, viewerCounts: viewerCounts, favorites: favorites, habits: habits)
        var followed: [ScreenItem] = []
        for user in try await source.followedUsers(userID: viewer.id) {
            let message = try await comparison.message(about: user.id)
            followed.append(
                Self.followedUserItem(userID: user.id, name: user.name, username: user.key, message: message))
        }
        let welcomes = cards.isEmpty
        if welcomes { cards.append(Self.emptyLeaderboard(isNew: viewerCounts.isEmpty)) }
        if followed.isEmpty { followed.append(Self.emptyFollowing) }
        return ScreenDocument(
            screen: .home, title: "Home", revision: revision,
            sections: [
                ScreenSection(
                    id: "leaderboard", layout: welcomes ? ScreenLayouts.emptyLeaderboard : ScreenLayouts.leaderboard,
                    wideLayout: welcomes ? ScreenLayouts.emptyLeaderboard : ScreenLayouts.wideLeaderboard,
                    header: SectionBoundary(title: "Leaderboard"), items: cards),
                ScreenSection(
                    id: "followedUsers", layout: ScreenLayouts.followedUsers,
                    wideLayout: ScreenLayouts.wideFollowedUsers,
                    header: SectionBoundary(title: "Following"), items: followed),
            ])
    }

    /// The leaderboard without favourites: how to fill it, and a welcome for someone who has logged nothing.
    static func emptyLeaderboard(isNew: Bool) -> ScreenItem {
        let content = EmptyState(
            title: isNew ? "Welcome! Add your first habit" : "No favorites yet",
            message: "Favorite a habit on Habits to see its leaderboard here, or add one of your own under "
                + "Your Habits.")
        return ScreenItem(
            id: "empty-leaderboard", content: ItemContent(content),
            fallback: ItemFallback(title: content.title, subtitle: content.message),
            actions: [
                .open(title: isNew ? "Add your first habit" : "Add a habit", screen: .yourHabits),
                .open(.menu, title: "Browse habits", screen: .habits),
            ])
    }

    /// Following no one: how to compare with others.
    static var emptyFollowing: ScreenItem {
        let content = EmptyState(
            title: "You follow no one yet", message: "Follow someone on People to see how your counts compare.")
        return ScreenItem(
            id: "empty-following", content: ItemContent(content),
            fallback: ItemFallback(title: content.title, subtitle: content.message),
            actions: [.open(title: "Find people", screen: .users)])
    }

    /// The line of one followed user.
    static func followedUserItem(userID: Int64, name: String, username: String, message: String) -> ScreenItem {
        ScreenItem(
            id: HomeItemID.followedUser(userID),
            content: ItemContent(FollowedUser(userName: name, username: username, message: message)),
            fallback: ItemFallback(title: name, subtitle: message),
            actions: [.open(title: "Open \(name)", screen: .user, parameters: ["of": "\(userID)"])])
    }

    /// The item of one favourite habit's card.
    func leaderboardItem(habit: Habit, viewer: User, viewerCount: Int) async throws -> ScreenItem {
        let card = try await leaderboard(habit: habit, viewer: viewer, viewerCount: viewerCount)
        return ScreenItem(
            id: HomeItemID.leaderboardCard(habit.id), content: ItemContent(card),
            fallback: ItemFallback(
                title: card.habitName,
                subtitle: [card.leader, card.secondary].compactMap { $0 }.joined(separator: "\n")),
            actions: [.open(title: "Open \(habit.name)", screen: .habit, parameters: ["habit": "\(habit.id)"])])
    }

    /// The card of one favourite habit: its leader and the line under it.
    func leaderboard(habit: Habit, viewer: User, viewerCount: Int) async throws -> LeaderboardHabit {
        let top = try await source.standings(habitID: habit.id, limit: HomeReads.leaderboardLength)
        guard let first = top.first else {
            return LeaderboardHabit(habitName: habit.name, leader: "Nobody Yet!", secondary: nil)
        }
        func line(_ standing: Standing) async throws -> String {
            guard standing.user.id == viewer.id else { return "\(standing.user.name) \(standing.count)" }
            let position = try await source.position(habitID: habit.id, count: standing.count)
            let ordinal = Ordinal.english(position.rank)
            return "You \(standing.count) (\(position.usersWithCount > 1 ? "tied " + ordinal : ordinal))"
        }
        // Someone else's line names them by display name, which anyone may choose: their username goes beside it.
        func username(_ standing: Standing) -> String? { standing.user.id == viewer.id ? nil : standing.user.key }
        let leader = try await line(first)
        guard top.count > 1 else {
            return LeaderboardHabit(
                habitName: habit.name, leader: leader, secondary: nil, leaderUsername: username(first))
        }
        let secondary: Standing =
            viewerCount > 0 && first.user.id != viewer.id ? Standing(user: viewer, count: viewerCount) : top[1]
        return LeaderboardHabit(
            habitName: habit.name, leader: leader, secondary: try await line(secondary),
            leaderUsername: username(first), secondaryUsername: username(secondary))
    }
}

/// The ids of Home's items.
enum HomeItemID {
    static let followedUserPrefix = "user-"
    static let leaderboardCardPrefix = "habit-"

    /// The id of a favourite habit's leaderboard card.
    static func leaderboardCard(_ habitID: Int64) -> String { leaderboardCardPrefix + String(habitID) }

    /// The habit a leaderboard card shows, from the card's id.
    static func leaderboardCardHabitID(_ itemID: String) -> Int64? { id(in: itemID, after: leaderboardCardPrefix) }

    /// The id of a followed user's line.
    static func followedUser(_ userID: Int64) -> String { followedUserPrefix + String(userID) }

    /// The user a followed user's line is about, from the line's id.
    static func followedUserID(_ itemID: String) -> Int64? { id(in: itemID, after: followedUserPrefix) }

    /// The row id that follows `prefix` in `itemID`, nil for an item of another kind.
    private static func id(in itemID: String, after prefix: String) -> Int64? {
        guard itemID.hasPrefix(prefix) else { return nil }
        return Int64(itemID.dropFirst(prefix.count))
    }
}

/// How a followed user compares with the viewer, in the course app's words.
struct FollowedUserComparison<Source: ScreenSource> {
    let source: Source
    let viewerCounts: [Int64: Int]
    let favorites: Set<Int64>
    /// Every habit, by name then id.
    let habitsByName: [Habit]
    /// Each habit's index in `habitsByName`: the first habit by name is the one of lowest index.
    let nameOrder: [Int64: Int]

    /// - Complexity: O(h) for h habits when `habits` is by name already (as the source lists them),
    ///   else O(h log h).
    init(source: Source, viewerCounts: [Int64: Int], favorites: Set<Int64>, habits: [Habit]) {
        self.source = source
        self.viewerCounts = viewerCounts
        self.favorites = favorites
        let isByName = zip(habits, habits.dropFirst()).allSatisfy(Habit.precedesByName)
        habitsByName = isByName ? habits : habits.sorted(by: Habit.precedesByName)
        var nameOrder: [Int64: Int] = [:]
        nameOrder.reserveCapacity(habitsByName.count)
        for (index, habit) in habitsByName.enumerated() where nameOrder[habit.id] == nil {
            nameOrder[habit.id] = index
        }
        self.nameOrder = nameOrder
    }

    /// - Complexity: O(h) for the h habits the user logged, plus a few reads.
    func message(about userID: Int64) async throws -> String {
        // Which habits they logged, then one rank: a log of theirs elsewhere changes nothing here.
        let choice = try await choice(about: userID)
        if choice.first != Int.max {
            source.loggedHabitsDecided(
                userID: userID,
                by: decidingHabits(
                    first: choice.first, firstCommon: choice.firstCommon,
                    firstCommonFavorite: choice.firstCommonFavorite))
        }
        guard let (habit, viewerCount) = comparedHabit(choice) else {
            return "This user doesn't seem to have done much yet. Check in to see if they need any help getting "
                + "started."
        }
        // Their rank alone is shown: a log of theirs that passes nobody changes nothing here.
        let theirs = try await source.rank(userID: userID, habitID: habit.id)
        guard let viewerCount else {
            return "Currently \(Ordinal.english(theirs)) in \(habit.name).\nMaybe you should give this habit a look."
        }
        let yours = try await source.rank(habitID: habit.id, count: viewerCount)
        if theirs < yours {
            return "Currently \(Ordinal.english(theirs)), ahead of you (\(Ordinal.english(yours))) in "
                + "\(habit.name).\nYou might catch up with a little extra effort!"
        } else if theirs > yours {
            return "Currently \(Ordinal.english(theirs)), behind you (\(Ordinal.english(yours))) in "
                + "\(habit.name).\nSend them a friendly reminder!"
        }
        return "You are tied at \(Ordinal.english(theirs)) in \(habit.name)! Now's your chance to pull ahead."
    }

    /// The first by name of the user's habits, of those the viewer logged too, and of those among the
    /// viewer's favourites, as indices in `habitsByName` (`Int.max` for none), found in one pass.
    ///
    /// - Complexity: O(h) for the h habits the user logged.
    func choice(about userID: Int64) async throws -> FollowedUserChoice {
        var choice = FollowedUserChoice()
        for id in try await source.loggedHabitIDs(userID: userID) {
            guard let index = nameOrder[id] else { continue }
            choice.first = min(choice.first, index)
            guard index < choice.firstCommon || index < choice.firstCommonFavorite, viewerCounts[id] != nil else {
                continue
            }
            choice.firstCommon = min(choice.firstCommon, index)
            if favorites.contains(id) { choice.firstCommonFavorite = min(choice.firstCommonFavorite, index) }
        }
        return choice
    }

    /// The habit a followed user's line ranks them in, with the viewer's count when the line compares it:
    /// the first common favourite, else the first common habit, else their first habit; nil for none.
    func comparedHabit(_ choice: FollowedUserChoice) -> (habit: Habit, viewerCount: Int?)? {
        let common = choice.firstCommonFavorite != Int.max ? choice.firstCommonFavorite : choice.firstCommon
        if common != Int.max, let viewerCount = viewerCounts[habitsByName[common].id] {
            return (habitsByName[common], viewerCount)
        }
        return choice.first != Int.max ? (habitsByName[choice.first], nil) : nil
    }

    /// The habits whether the user logged which decides the choice above, given the indices it found: a
    /// habit of the viewer's (and a favourite, once a common favourite decides) up to the chosen one, any
    /// habit up to the chosen one when nothing is common, and the habits that would make a better choice.
    /// Their first log of any other habit changes nothing here.
    ///
    /// - Complexity: O(v + a) for the v habits the viewer logged and the chosen habit's index a.
    func decidingHabits(first: Int, firstCommon: Int, firstCommonFavorite: Int) -> Set<Int64> {
        var deciding: Set<Int64> = []
        for id in viewerCounts.keys {
            guard let index = nameOrder[id] else { continue }
            let isFavorite = favorites.contains(id)
            if firstCommonFavorite != Int.max {
                if isFavorite && index <= firstCommonFavorite { deciding.insert(id) }
            } else if firstCommon != Int.max {
                if isFavorite || index <= firstCommon { deciding.insert(id) }
            } else {
                deciding.insert(id)
            }
        }
        if firstCommon == Int.max && firstCommonFavorite == Int.max {
            for habit in habitsByName[...first] { deciding.insert(habit.id) }
        }
        return deciding
    }
}

/// Which habits choose a followed user's line: indices in name order, `Int.max` for none.
struct FollowedUserChoice {
    var first = Int.max
    var firstCommon = Int.max
    var firstCommonFavorite = Int.max
}

extension Habit {
    /// Whether `first` comes before `second` by name, then id, so that a choice of the first habit by
    /// name never depends on the order of a set.
    static func precedesByName(_ first: Habit, _ second: Habit) -> Bool {
        (first.name, first.id) < (second.name, second.id)
    }
}
