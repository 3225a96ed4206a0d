import Foundation

/// The rules of sign-up and of account fields, checked before anything reaches a store.
public enum AccountRules {
    /// The fewest characters a password may have.
    public static let minimumPasswordLength = 10
    /// The fewest different characters a new password may be made of.
    public static let minimumDistinctCharacters = 4
    /// The most bytes (UTF-8) a password may have: enough for any passphrase, small enough that
    /// hashing one costs the same as any other.
    public static let maximumPasswordBytes = 1_024
    /// The longest a token's name may be, in characters.
    public static let maximumTokenNameLength = 100
    /// The most API tokens one account may hold.
    public static let maximumTokens = 100
    /// The most widget addresses one account may hold: a widget for each of a few habits in each family.
    public static let maximumWidgets = 40
    /// The most habits of its own (personal ones, archived ones included) one account may hold: ten times the
    /// 20 that heavy users of habit trackers keep, so no real person meets it, while one account can no longer
    /// fill the store and every screen that lists its habits (Docs/Accounts.md, "Per-account bounds").
    public static let maximumPersonalHabits = 200

    /// The most follow requests (to private accounts) one account sends in a day, counted in UTC days:
    /// each lands on someone else's account page, so a stream of them is a way to pester people.
    public static let maximumFollowRequestsPerDay = 100

    /// The most day notes one account keeps: a note a day on ten habits for more than five years.
    public static let maximumNotes = 20_000

    /// A username: the key rules (1…100 of `A–Z a–z 0–9 . _ ~ -`, so NFC by construction), at least 2
    /// long; unique regardless of case, which only the store can check.
    public static func username(_ raw: String) throws(HabitsError) -> String {
        let username = raw.trimmingCharacters(in: .whitespaces)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-")
        guard (2...100).contains(username.unicodeScalars.count), username.allSatisfy({ allowed.contains($0) }),
            username != ".."
        else {
            throw .invalid(field: "username", reason: "must hold 2 to 100 of the characters A-Z a-z 0-9 . _ ~ -.")
        }
        return username
    }

    /// A new password, in NFC (so the same typed text matches on every keyboard): 10 or more characters,
    /// at most 1,024 bytes, at least 4 different characters, not one of the 10,000 most common passwords.
    /// The message never repeats it.
    public static func newPassword(_ raw: String, field: String = "password") throws(HabitsError) -> String {
        let password = raw.precomposedStringWithCanonicalMapping
        guard password.utf8.count <= maximumPasswordBytes else {
            throw .invalid(field: field, reason: "must be at most \(maximumPasswordBytes) bytes long.")
        }
        guard password.count >= minimumPasswordLength else {
            throw .invalid(field: field, reason: "must be at least \(minimumPasswordLength) characters long.")
        }
        // "aaaaaaaaaa" is on no list but guessed as fast as one that is.
        guard Set(password).count >= minimumDistinctCharacters else {
            throw .invalid(
                field: field, reason: "must use at least \(minimumDistinctCharacters) different characters.")
        }
        guard !CommonPasswords.contains(password) else {
            throw .invalid(
                field: field, reason: "is one of the 10,000 most common passwords; choose one that is not.")
        }
        return password
    }

    /// A password given to sign in or to confirm: only bounded (the hash decides the rest), in NFC.
    public static func givenPassword(_ raw: String, field: String = "password") throws(HabitsError) -> String {
        guard raw.utf8.count <= maximumPasswordBytes else {
            throw .invalid(field: field, reason: "must be at most \(maximumPasswordBytes) bytes long.")
        }
        return raw.precomposedStringWithCanonicalMapping
    }

    /// A token's name: 1…100 characters of plain text.
    public static func tokenName(_ raw: String) throws(HabitsError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard (1...maximumTokenNameLength).contains(name.count) else {
            throw .invalid(field: "name", reason: "must hold 1 to \(maximumTokenNameLength) characters.")
        }
        return try ResourceRules.text(name, field: "name")
    }
}

/// The 10,000 most common passwords (`Resources/common-passwords.txt`, where they come from is at its top).
public enum CommonPasswords {
    /// The list, lower case, loaded once.
    static let all: Set<String> = {
        let text = BundledResources.text(of: "common-passwords.txt", bundle: "Habits_HabitsDomain") ?? ""
        return Set(text.split(separator: "\n").lazy.filter { !$0.hasPrefix("#") }.map(String.init))
    }()

    /// Whether `password` is on the list, ignoring case, surrounding spaces and compatibility forms
    /// (fullwidth letters, ligatures): what differs only in those is as easy to guess.
    /// - Complexity: O(n) in the password's length (one hashed lookup).
    public static func contains(_ password: String) -> Bool {
        let folded = password.precomposedStringWithCompatibilityMapping
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return all.contains(folded)
    }

    /// How many passwords the list holds: 10,000 when the resource is in place.
    public static var count: Int { all.count }
}
