import Foundation
import HabitsDomain

/// The name of a screen the server describes (`home`, `streak`, …): each screen declares its own in
/// its file, as `extension ScreenName { static let … }`, and joins `Screens.all`.
public struct ScreenName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// The screen named `rawValue`; nil when no screen has that name.
    public init?(rawValue: String) {
        guard Screens.byName[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A screen's own name, declared once beside it.
    init(declared rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let name = ScreenName(rawValue: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown screen \(text)"))
        }
        self = name
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Every screen's name, in the order the API lists them.
    public static var allCases: [ScreenName] { Screens.all.map { $0.name } }

    /// The title the screen shows in a navigation bar.
    var defaultTitle: String { Screens.named(self).title }

    /// The parameters the screen reads; the others are not part of its requests.
    public var parameters: Set<ScreenParameter> { Screens.named(self).parameters }
}

/// One screen for one viewer: what identifies a document.
///
/// Canonical: a parameter the screen does not read is dropped when the request is made, so two requests
/// for the same document are equal, and the screen cache holds one entry for them.
public struct ScreenRequest: Hashable, Sendable {
    public let screen: ScreenName
    /// The user whose screen it is (until accounts exist, `?user=`).
    public let viewerID: Int64
    /// For `habit`, `streak` and `emoji`: the habit shown.
    public let habitID: Int64?
    /// For `user`: the user shown.
    public let userID: Int64?
    /// For `streak`: the month shown (nil: the viewer's current month).
    public let month: LocalMonth?
    /// For `help`: the tag whose questions are shown (nil: every question).
    public let tagID: Int64?
    /// For `emoji`: the words the emoji's names must contain (nil: every emoji).
    public let query: String?
    /// For `emoji`: list or grid.
    public let arrangement: EmojiArrangement
    /// For `emoji`: the groups shown collapsed, by slug.
    public let collapsedGroups: Set<String>

    /// The request for `screen`; the parameters `screen` does not read are dropped, a blank query too.
    public init(
        screen: ScreenName, viewerID: Int64, habitID: Int64? = nil, userID: Int64? = nil, month: LocalMonth? = nil,
        tagID: Int64? = nil, query: String? = nil, arrangement: EmojiArrangement = .list,
        collapsedGroups: Set<String> = []
    ) {
        let reads = screen.parameters
        self.screen = screen
        self.viewerID = viewerID
        self.habitID = reads.contains(.habit) ? habitID : nil
        self.userID = reads.contains(.user) ? userID : nil
        self.month = reads.contains(.month) ? month : nil
        self.tagID = reads.contains(.tag) ? tagID : nil
        self.query = reads.contains(.query) && query?.isEmpty == false ? query : nil
        self.arrangement = reads.contains(.arrangement) ? arrangement : .list
        self.collapsedGroups = reads.contains(.collapsed) ? collapsedGroups : []
    }

    /// The screen and its parameters, without the viewer, as one string: equal for equal requests.
    public var parametersKey: String {
        var key = screen.rawValue
        func add(_ parameter: ScreenParameter, _ value: String?) {
            // Percent-encoded, so that no value can contain the separators.
            guard let value, let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
            else { return }
            key += "&" + parameter.queryName + "=" + encoded
        }
        add(.habit, habitID.map(String.init))
        add(.user, userID.map(String.init))
        add(.month, month.map(String.init(describing:)))
        add(.tag, tagID.map(String.init))
        add(.query, query)
        add(.arrangement, screen.parameters.contains(.arrangement) ? arrangement.rawValue : nil)
        add(.collapsed, collapsedGroups.isEmpty ? nil : collapsedGroups.sorted().joined(separator: ","))
        return key
    }

    /// The slugs `collapsedGroups` may hold: the emoji picker's groups and its Recents.
    public static let collapsibleGroups: Set<String> = Set(EmojiCatalog.groups.map(\.slug)).union(["recents"])
}

/// A parameter of a screen request besides its screen and viewer.
public enum ScreenParameter: Hashable, Sendable, CaseIterable {
    case habit, user, month, tag, query, arrangement, collapsed

    /// Its name in a query string.
    public var queryName: String {
        switch self {
        case .habit: "habit"
        case .user: "of"
        case .month: "month"
        case .tag: "tag"
        case .query: "q"
        case .arrangement: "layout"
        case .collapsed: "collapsed"
        }
    }
}

/// How the emoji picker lays out its emoji.
public enum EmojiArrangement: String, Codable, Hashable, Sendable, CaseIterable {
    /// The brief's inset-grouped list: one emoji and its name per row.
    case list
    /// Squares of emoji, as many to a row as fit.
    case grid
}
