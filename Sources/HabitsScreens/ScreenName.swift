import HabitsDomain

/// The screens the server describes.
public enum ScreenName: String, Codable, Hashable, Sendable, CaseIterable {
    case home, habits, habit, users, user, log, streak

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

    public init(
        screen: ScreenName, viewerID: Int64, habitID: Int64? = nil, userID: Int64? = nil, month: LocalMonth? = nil
    ) {
        self.screen = screen
        self.viewerID = viewerID
        self.habitID = habitID
        self.userID = userID
        self.month = month
    }
}
