import Foundation
import HabitsDomain
import Mustache

/// What the sign-in and sign-up pages show: the form, filled again after a refusal, and why.
struct CredentialsPageView: Sendable {
    var title: String
    /// The refusal's sentence, when the last attempt was refused.
    var error: String?
    /// A fixed sentence for where the browser came from (signed out, account deleted).
    var notice: String?
    var username: String
    var name: String
    var timeZone: String
    /// Where to go once signed in: a path on this server.
    var next: String
    /// `next` percent-encoded, for the link between the two forms.
    var nextQuery: String { PathSegment.encode(next) }
}

/// What the account page shows.
struct AccountPageView: Sendable {
    struct SessionRow: Sendable {
        var id: Int64
        var device: String
        var lastSeen: String
        var current: Bool
    }

    struct TokenRow: Sendable {
        var id: Int64
        var name: String
        var scope: String
        var created: String
        var lastUsed: String
    }

    struct RequestRow: Sendable {
        var id: Int64
        var name: String
        var username: String
        var requested: String
    }

    struct FollowerRow: Sendable {
        var id: Int64
        var name: String
        var username: String
    }

    var title = "Account"
    var username: String
    var name: String
    var bio: String
    var timeZone: String
    var locale: String
    var isPublic: Bool
    var isAdministrator: Bool
    var sessions: [SessionRow]
    var tokens: [TokenRow]
    /// Who waits for approval to follow the account.
    var requests: [RequestRow]
    /// Who follows the account.
    var followers: [FollowerRow]
    /// A token's secret, shown on the page that created it and never again.
    var newToken: String?
    var notice: String?
    var error: String?

    init(
        account: Account, sessions: [SessionInfo], tokens: [APIToken], requests: [FollowRequest], followers: [User]
    ) {
        username = account.username
        name = account.user.name
        bio = account.user.bio ?? ""
        timeZone = account.user.timeZone
        locale = account.user.locale
        isPublic = account.visibility == .public
        isAdministrator = account.role == .administrator
        self.sessions = sessions.map {
            SessionRow(
                id: $0.id, device: $0.userAgent.map { String($0.prefix(80)) } ?? "Unknown device",
                lastSeen: Self.day($0.lastSeenAt), current: $0.isCurrent)
        }
        self.tokens = tokens.map {
            TokenRow(
                id: $0.id, name: $0.name, scope: $0.scope.rawValue, created: Self.day($0.createdAt),
                lastUsed: $0.lastUsedAt.map(Self.day) ?? "never")
        }
        self.followers = followers.map { FollowerRow(id: $0.id, name: $0.name, username: $0.key) }
        self.requests = requests.map {
            RequestRow(id: $0.user.id, name: $0.user.name, username: $0.user.key, requested: Self.day($0.requestedAt))
        }
    }

    /// An instant as a UTC calendar day: enough to recognise a device or a token.
    static func day(_ date: Date) -> String { String(HabitsJSON.formatInstant(date).prefix(10)) }
}

/// The fixed sentences a `?notice=` may show: never text from the request itself.
enum AccountNotice: String {
    case saved, password, sessions, revoked, signedOut = "signed-out", deleted
    case approved, declined, followed, requested, removed
    case habitAdded = "habit-added", habitArchived = "habit-archived", habitRestored = "habit-restored"
    case calendarEnded = "calendar-ended"
    case widgetRevoked = "widget-revoked"
    case roleGivenUp = "role-given-up"

    var sentence: String {
        switch self {
        case .saved: "Your profile is saved."
        case .password: "Your password is changed; every other session is signed out."
        case .sessions: "The session is signed out."
        case .revoked: "The token is revoked."
        case .signedOut: "You are signed out."
        case .deleted: "Your account and everything it held are deleted."
        case .approved: "The request is approved: they follow you now."
        case .declined: "The request is declined."
        case .followed: "You follow them now."
        case .requested: "Their account is private: your request waits for their approval."
        case .removed: "They no longer follow you."
        case .habitAdded: "Your habit is added."
        case .habitArchived: "The habit is archived: off every screen, its history kept."
        case .habitRestored: "The habit is back."
        case .calendarEnded: "Your calendar feed is ended: its address no longer answers."
        case .widgetRevoked: "The widget address is revoked: it no longer answers."
        case .roleGivenUp: "You are a member now: another administrator can make you one again."
        }
    }
}

extension CredentialsPageView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "error": error
        case "notice": notice
        case "username": username
        case "name": self.name
        case "timeZone": timeZone
        case "next": next
        case "nextQuery": nextQuery
        default: nil
        }
    }
}
