import HabitsDomain

/// The screens the server describes.
public enum ScreenName: String, Codable, Hashable, Sendable, CaseIterable {
    case home, habits, habit, users, user, log, streak, discover, help, emoji

    /// The title the screen shows in a navigation bar.
    var defaultTitle: String {
        switch self {
        case .home: "Home"
        case .habits: "Habits"
        case .habit: "Habit"
        case .users: "Users"
        case .user: "User"
        case .log: "Log"
        case .streak: "Streak"
        case .discover: "Discover"
        case .help: "Help"
        case .emoji: "Choose an Icon"
        }
    }
}

/// One screen for one viewer: what identifies a document.
public struct ScreenRequest: Hashable, Sendable {
    public var screen: ScreenName
    /// The user whose screen it is (until accounts exist, `?user=`).
    public var viewerID: Int64
    /// For `habit`: the habit shown.
    public var habitID: Int64?
    /// For `user`: the user shown.
    public var userID: Int64?
    /// For `streak`: the month shown (nil: the viewer's current month).
    public var month: LocalMonth?
    /// For `help`: the tag whose questions are shown (nil: every question).
    public var tagID: Int64?
    /// For `emoji`: the words the emoji's names must contain (nil: every emoji).
    public var query: String?
    /// For `emoji`: list or grid.
    public var arrangement: EmojiArrangement
    /// For `emoji`: the groups shown collapsed, by slug.
    public var collapsedGroups: Set<String>

    public init(
        screen: ScreenName, viewerID: Int64, habitID: Int64? = nil, userID: Int64? = nil, month: LocalMonth? = nil,
        tagID: Int64? = nil, query: String? = nil, arrangement: EmojiArrangement = .list,
        collapsedGroups: Set<String> = []
    ) {
        self.screen = screen
        self.viewerID = viewerID
        self.habitID = habitID
        self.userID = userID
        self.month = month
        self.tagID = tagID
        self.query = query
        self.arrangement = arrangement
        self.collapsedGroups = collapsedGroups
    }

    /// Hashes the screen and its ids alone, which tell live requests apart: the live hub looks requests up
    /// for every change, and hashing the search and the set of collapsed groups each time cost more than
    /// the rare collision. Equality still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(screen)
        hasher.combine(viewerID)
        hasher.combine(habitID)
        hasher.combine(userID)
        hasher.combine(tagID)
    }
}

/// How the emoji picker lays out its emoji.
public enum EmojiArrangement: String, Codable, Hashable, Sendable, CaseIterable {
    /// The brief's inset-grouped list: one emoji and its name per row.
    case list
    /// Squares of emoji, as many to a row as fit.
    case grid
}
