import HabitsDomain
import HabitsStore

/// One screen the server describes, declared in one file: its name, title, place in the tab bar, where
/// Back goes, the parameters it reads, and how it is built. Whatever dispatches on a screen (the builder,
/// the canonical request, the tab bar, Back, the parsing of parameters) reads these.
public protocol Screen {
    /// Its name in paths and documents.
    static var name: ScreenName { get }
    /// The title a navigation bar shows.
    static var title: String { get }
    /// Its place in the tab bar; nil when it is reached from another screen.
    static var tab: ScreenTab? { get }
    /// The screen Back returns to, whose tab stays current; nil for a tab.
    static var parent: ScreenName? { get }
    /// The parameters it reads; the others are dropped from its requests.
    static var parameters: Set<ScreenParameter> { get }
    /// The kinds of item it shows (a kind shared with another screen may be listed by both).
    static var payloads: [any ItemPayload.Type] { get }
    /// Where Back goes from `request`: the parent by default.
    static func back(from request: ScreenRequest) -> ScreenLink?
    /// The document `request` names, for `viewer` (who exists), read through `builder`'s source.
    static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument
}

extension Screen {
    public static var tab: ScreenTab? { nil }
    public static var parent: ScreenName? { nil }
    public static var parameters: Set<ScreenParameter> { [] }
    public static var payloads: [any ItemPayload.Type] { [] }
    public static func back(from request: ScreenRequest) -> ScreenLink? {
        parent.map { ScreenLink(screen: $0, parameters: [:]) }
    }
}

/// A screen's entry in the tab bar.
public struct ScreenTab: Hashable, Sendable {
    public var title: String
    /// A one-character symbol drawn above the title.
    public var icon: String
    /// Its place, from the left.
    public var order: Int

    public init(title: String, icon: String, order: Int) {
        self.title = title
        self.icon = icon
        self.order = order
    }
}

/// A screen with its parameters: where a link or Back leads.
public struct ScreenLink: Hashable, Sendable {
    public var screen: ScreenName
    public var parameters: [String: String]

    public init(screen: ScreenName, parameters: [String: String]) {
        self.screen = screen
        self.parameters = parameters
    }
}

/// Every screen the server describes: the one list a new screen joins.
public enum Screens {
    /// Every screen, in the order the API lists them.
    public static let all: [any Screen.Type] = [
        HomeScreen.self, TodayScreen.self, HabitsScreen.self, HabitScreen.self, UsersScreen.self, UserScreen.self,
        LogScreen.self, StreakScreen.self, DiscoverScreen.self, HelpScreen.self, EmojiScreen.self,
        YourHabitsScreen.self,
    ]

    /// - Complexity: O(1).
    static let byName: [String: any Screen.Type] = Dictionary(
        all.map { ($0.name.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The screen named `name`.
    ///
    /// A name is made from the list (`ScreenName.init?(rawValue:)`) or declared beside its screen; a screen
    /// declared but left out of `all` is a programming error that stops at its first use, rather than
    /// showing another screen in its place.
    ///
    /// - Complexity: O(1).
    public static func named(_ name: ScreenName) -> any Screen.Type {
        guard let screen = byName[name.rawValue] else {
            preconditionFailure("The screen \(name) is declared but not listed in Screens.all: add it there.")
        }
        return screen
    }

    /// The tabs, from the left.
    public static let tabs: [(name: ScreenName, tab: ScreenTab)] = all.compactMap { screen in
        screen.tab.map { (screen.name, $0) }
    }.sorted { $0.tab.order < $1.tab.order }
}
