import Foundation

/// The validation rules of `/v1` resources. Each `checked` returns the normalised value (names
/// trimmed) or throws `HabitsError.invalid` naming the field and the rule it breaks.
public enum ResourceRules {
    /// Names hold 1…100 Unicode scalars after trimming.
    public static let nameLengths = 1...100
    /// Bios and descriptions hold at most this many Unicode scalars.
    public static let maximumTextLength = 1_000
    /// The largest batch of logs written in one request.
    public static let maximumBatch = 1_000

    /// Names of people, categories and habits: one line of 1…100 Unicode scalars.
    public static let nameRule = TextRule(field: "name", lengths: nameLengths)
    /// Bios and descriptions: up to 1,000 Unicode scalars, line breaks allowed.
    public static let textRule = TextRule(field: "bio", lengths: 0...maximumTextLength, multiline: true)

    /// `ids` when they hold at most `maximum` and no id twice: a program's habits, a question's tags.
    public static func ids(_ ids: [Int64], field: String, maximum: Int) throws(HabitsError) -> [Int64] {
        guard ids.count <= maximum else {
            throw .invalid(field: field, reason: "must hold at most \(maximum) ids (got \(ids.count)).")
        }
        guard Set(ids).count == ids.count else { throw .invalid(field: field, reason: "must not repeat an id.") }
        return ids
    }

    /// A name by `nameRule`: trimmed, in NFC (so that a composed and a decomposed "Café" are one name
    /// here as in the statistics), with nothing that hides or reorders text, so two names never look alike.
    public static func name(_ raw: String, field: String = "name") throws(HabitsError) -> String {
        try nameRule.named(field).checked(raw)
    }

    /// The key under which names are unique: case-folded beyond ASCII (`Éclair` and `éclair`, `Straße`
    /// and `STRASSE` share one), in NFC.
    public static func foldedName(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// A user key as the course API uses it in paths and lists: 1…100 of `A–Z a–z 0–9 . _ ~ -`.
    public static func key(_ raw: String) throws(HabitsError) -> String {
        // Compared by scalar: as characters, the Kelvin sign (U+212A) is canonically equal to `K`.
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-".unicodeScalars)
        guard nameLengths.contains(raw.unicodeScalars.count), raw.unicodeScalars.allSatisfy({ allowed.contains($0) })
        else {
            throw .invalid(
                field: "key",
                reason:
                    "must hold 1 to 100 of the characters A-Z a-z 0-9 . _ ~ - (it is the user's id in the course API)."
            )
        }
        // A browser resolves `/images/..` before sending it, so these could never be fetched.
        guard raw != ".", raw != ".." else {
            throw .invalid(field: "key", reason: "must not be \".\" or \"..\", which a URL path cannot hold.")
        }
        return raw
    }

    /// A colour whose components are finite numbers in 0…1.
    public static func color(_ color: Color, field: String = "color") throws(HabitsError) -> Color {
        guard color.isValid else {
            throw .invalid(field: field, reason: "components h, s and b must be numbers from 0 to 1.")
        }
        return color
    }

    /// Free text (a bio, a description) by `textRule`.
    public static func text(_ raw: String, field: String) throws(HabitsError) -> String {
        try textRule.named(field).checked(raw)
    }

    /// An IANA time zone identifier the system knows, such as `Europe/Paris`.
    public static func timeZone(_ raw: String) throws(HabitsError) -> String {
        guard raw.count <= 64, !raw.isEmpty, TimeZone(identifier: raw) != nil else {
            throw .invalid(
                field: "timeZone",
                reason:
                    "\"\(raw.prefix(64))\" is not a time zone this server knows; use an IANA name such as Europe/Paris."
            )
        }
        return raw
    }

    /// A locale identifier such as `en_US`, `fr` or `pt-BR`.
    public static func locale(_ raw: String) throws(HabitsError) -> String {
        let parts = raw.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        let language = parts.first ?? ""
        let isValid =
            raw.count <= 35
            && (2...3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy {
                (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard isValid else {
            throw .invalid(
                field: "locale", reason: "\"\(raw.prefix(35))\" is not a locale identifier such as en_US or pt-BR.")
        }
        return raw
    }

    /// The most Unicode scalars an emoji field holds: four of the longest sequences (a family with
    /// skin tones is 10), while a character padded with thousands of combining marks is refused.
    public static let maximumEmojiScalars = 40

    /// An emoji icon: 1…4 characters, each an emoji made only of emoji scalars and their glue.
    public static func emoji(_ raw: String) throws(HabitsError) -> String {
        let isEmoji =
            (1...4).contains(raw.count)
            && raw.unicodeScalars.count <= maximumEmojiScalars
            && raw.allSatisfy { character in
                character.unicodeScalars.contains {
                    $0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0xFF)
                } && character.unicodeScalars.allSatisfy(isEmojiPart)
            }
        guard isEmoji else { throw .invalid(field: "emoji", reason: "must be 1 to 4 emoji characters, such as 🏃.") }
        return raw
    }

    /// An emoji scalar, or what joins and styles them: ZWJ, variation selectors, keycap, tags.
    static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji || scalar.properties.isEmojiModifier
            || scalar.value == 0x200D || (0xFE0E...0xFE0F).contains(scalar.value)
            || scalar.value == 0x20E3 || (0xE0020...0xE007F).contains(scalar.value)
    }

    /// A user with every field checked and its name trimmed.
    public static func checked(_ user: User) throws(HabitsError) -> User {
        var user = user
        user.key = try key(user.key)
        user.name = try name(user.name)
        if let value = user.color { user.color = try color(value) }
        if let value = user.bio { user.bio = try text(value, field: "bio") }
        user.timeZone = try timeZone(user.timeZone)
        user.locale = try locale(user.locale)
        return user
    }

    /// A category with every field checked and its name trimmed.
    public static func checked(_ category: Category) throws(HabitsError) -> Category {
        var category = category
        category.name = try name(category.name)
        category.color = try color(category.color)
        return category
    }

    /// A habit with every field checked and its name trimmed.
    public static func checked(_ habit: Habit) throws(HabitsError) -> Habit {
        var habit = habit
        habit.name = try name(habit.name)
        // The course API lists habit names comma-separated (`/habitStats?names=A,B`), unencoded.
        guard !habit.name.contains(",") else {
            throw .invalid(
                field: "name",
                reason: "a habit name must not contain a comma, since the course API separates names with commas.")
        }
        habit.info = try text(habit.info, field: "description")
        if let value = habit.emoji { habit.emoji = try emoji(value) }
        habit.schedule = try habit.schedule.validated()
        return habit
    }

    /// A log whose timestamp obeys `LogRules`.
    public static func checked(_ log: LogDraft, now: Date, field: String = "timestamp") throws(HabitsError) -> LogDraft
    {
        try LogRules.validate(timestamp: log.timestamp, now: now, field: field)
        return log
    }
}

/// A field of a partial update that may be set to a value or cleared with `null`.
public enum Nullable<Wrapped: Sendable & Hashable>: Sendable, Hashable {
    case null
    case value(Wrapped)

    /// The new value, nil when cleared.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension KeyedDecodingContainer {
    /// nil when `key` is absent, `.null` when it is JSON null, else the decoded value.
    func decodeNullable<T: Decodable & Sendable & Hashable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(decode(T.self, forKey: key))
    }

    /// nil when `key` is absent; a decoding error when it is JSON null, which only clearable fields accept.
    func decodeUnlessNull<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(
                T.self,
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "null is not allowed here; leave the field out to keep its value."))
        }
        return try decode(T.self, forKey: key)
    }
}

/// Changes to a user; absent fields stay, `null` clears an optional field. The key never changes.
public struct UserPatch: Decodable, Sendable, Hashable {
    public var name: String?
    public var color: Nullable<Color>?
    public var bio: Nullable<String>?
    public var timeZone: String?
    public var locale: String?

    enum CodingKeys: String, CodingKey { case name, color, bio, timeZone, locale }

    public init(
        name: String? = nil, color: Nullable<Color>? = nil, bio: Nullable<String>? = nil, timeZone: String? = nil,
        locale: String? = nil
    ) {
        self.name = name
        self.color = color
        self.bio = bio
        self.timeZone = timeZone
        self.locale = locale
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUnlessNull(String.self, forKey: .name)
        color = try container.decodeNullable(Color.self, forKey: .color)
        bio = try container.decodeNullable(String.self, forKey: .bio)
        timeZone = try container.decodeUnlessNull(String.self, forKey: .timeZone)
        locale = try container.decodeUnlessNull(String.self, forKey: .locale)
    }

    /// Applies the changes and checks the result.
    public func applied(to user: User) throws(HabitsError) -> User {
        var user = user
        if let name { user.name = name }
        if let color { user.color = color.wrapped }
        if let bio { user.bio = bio.wrapped }
        if let timeZone { user.timeZone = timeZone }
        if let locale { user.locale = locale }
        return try ResourceRules.checked(user)
    }
}

/// Changes to a category; absent fields stay.
public struct CategoryPatch: Decodable, Sendable, Hashable {
    enum CodingKeys: String, CodingKey { case name, color }

    public var name: String?
    public var color: Color?

    public init(name: String? = nil, color: Color? = nil) {
        self.name = name
        self.color = color
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUnlessNull(String.self, forKey: .name)
        color = try container.decodeUnlessNull(Color.self, forKey: .color)
    }

    /// Applies the changes and checks the result.
    public func applied(to category: Category) throws(HabitsError) -> Category {
        var category = category
        if let name { category.name = name }
        if let color { category.color = color }
        return try ResourceRules.checked(category)
    }
}

/// Changes to a habit; absent fields stay, `"emoji": null` removes the icon.
public struct HabitPatch: Decodable, Sendable, Hashable {
    public var name: String?
    public var categoryID: Int64?
    public var info: String?
    public var emoji: Nullable<String>?
    public var schedule: HabitSchedule?
    /// `"reminder": null` removes the reminder.
    public var reminder: Nullable<ReminderTime>?

    enum CodingKeys: String, CodingKey {
        case name, categoryID, emoji, schedule, reminder
        case info = "description"
    }

    public init(
        name: String? = nil, categoryID: Int64? = nil, info: String? = nil, emoji: Nullable<String>? = nil,
        schedule: HabitSchedule? = nil, reminder: Nullable<ReminderTime>? = nil
    ) {
        self.name = name
        self.categoryID = categoryID
        self.info = info
        self.emoji = emoji
        self.schedule = schedule
        self.reminder = reminder
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUnlessNull(String.self, forKey: .name)
        categoryID = try container.decodeUnlessNull(Int64.self, forKey: .categoryID)
        info = try container.decodeUnlessNull(String.self, forKey: .info)
        emoji = try container.decodeNullable(String.self, forKey: .emoji)
        schedule = try container.decodeUnlessNull(HabitSchedule.self, forKey: .schedule)
        reminder = try container.decodeNullable(ReminderTime.self, forKey: .reminder)
    }

    /// Applies the changes and checks the result (the category's existence is the store's to check).
    public func applied(to habit: Habit) throws(HabitsError) -> Habit {
        var habit = habit
        if let name { habit.name = name }
        if let categoryID { habit.categoryID = categoryID }
        if let info { habit.info = info }
        if let emoji { habit.emoji = emoji.wrapped }
        if let schedule { habit.schedule = schedule }
        if let reminder { habit.reminder = reminder.wrapped }
        return try ResourceRules.checked(habit)
    }
}
