import Foundation
import HabitsDomain

/// Who administers, how long a session lasts, when its use is written down and how many tokens an
/// account holds: decided here from facts the store reads, applied by the store.
public enum CredentialRule {
    /// How long a session's or token's "last seen" may lag behind its use: one write per credential per
    /// period, not one per request.
    public static let lastSeenResolution: TimeInterval = 5 * 60

    /// The role of a new account: the first account of a store administers it.
    ///
    /// The store counts the accounts in the creating transaction, under a lock that orders creations.
    public static func role(ofNewAccountAmong existingAccounts: Int) -> Role {
        existingAccounts == 0 ? .administrator : .member
    }

    /// What a request shown a credential last seen at `lastSeen` does with it.
    public enum Use: Equatable, Sendable {
        /// Idle beyond the limit: the session ends and the request is anonymous.
        case expired
        /// Valid, and the store writes `now` as its last use.
        case touch
        /// Valid, and its last use is recent enough to leave as it is.
        case current
    }

    /// The use of a session seen last at `lastSeen` (seconds since 1970) by a request at `now`.
    public static func sessionUse(lastSeen: Double, now: Date, idleLimit: TimeInterval) -> Use {
        let age = now.timeIntervalSince1970 - lastSeen
        if age > idleLimit { return .expired }
        return age > lastSeenResolution ? .touch : .current
    }

    /// The use of a token last used at `lastUsed` (nil: never): tokens do not expire by idling.
    public static func tokenUse(lastUsed: Double?, now: Date) -> Use {
        now.timeIntervalSince1970 - (lastUsed ?? 0) > lastSeenResolution ? .touch : .current
    }

    /// Refuses a change of roles after which the store would hold `administrators` administrators, none (409).
    ///
    /// The store counts them in the changing transaction, after the change, with role changes ordered so that
    /// two administrators demoting each other at once cannot both pass.
    public static func checkAdministratorsRemain(_ administrators: Int) throws(HabitsError) {
        guard administrators > 0 else { throw StoreRefusal.lastAdministrator }
    }

    /// Refuses a new token when the account holds `held` already (409).
    public static func checkNewToken(held: Int) throws(HabitsError) {
        guard held < AccountRules.maximumTokens else { throw StoreRefusal.tokenLimit }
    }

    /// Refuses a new widget address when the account holds `held` already (409).
    public static func checkNewWidget(held: Int) throws(HabitsError) {
        guard held < AccountRules.maximumWidgets else { throw StoreRefusal.widgetLimit }
    }

    /// A widget's style as the stores keep it: JSON with sorted keys, so equal styles are equal text.
    public static func storedStyle(_ style: WidgetStyle) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(style)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The style a store kept; the default look when the text is not one (it always is: only
    /// `storedStyle` writes it).
    public static func style(stored text: String) -> WidgetStyle {
        (try? JSONDecoder().decode(WidgetStyle.self, from: Data(text.utf8))) ?? WidgetStyle()
    }

    /// The folded form of a username, unique among accounts: usernames are ASCII (`AccountRules.username`),
    /// so lower-casing folds them completely.
    public static func folded(_ username: String) -> String { username.lowercased() }
}
