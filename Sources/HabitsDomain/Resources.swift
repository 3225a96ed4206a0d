import Foundation

/// A user as `/v1` sees it: a stable internal `id`, the course API's string `key`, and profile fields.
public struct User: Codable, Hashable, Sendable {
    public var id: Int64
    public var key: String
    public var name: String
    public var color: Color?
    public var bio: String?
    public var timeZone: String
    public var locale: String
    /// Who sees the user: a private one only by itself and the followers it approved.
    public var visibility: Visibility

    public init(
        id: Int64, key: String, name: String, color: Color?, bio: String?, timeZone: String, locale: String,
        visibility: Visibility = .public
    ) {
        self.id = id
        self.key = key
        self.name = name
        self.color = color
        self.bio = bio
        self.timeZone = timeZone
        self.locale = locale
        self.visibility = visibility
    }

    /// Whether only the user and the followers it approved may see it.
    public var isPrivate: Bool { visibility == .private }

    /// The same user as the course API shows it.
    public var courseUser: CourseAPI.User { CourseAPI.User(id: key, name: name, color: color, bio: bio) }

    enum CodingKeys: String, CodingKey {
        case id, key, name, color, bio, timeZone, locale, visibility
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), key: try container.decode(String.self, forKey: .key),
            name: try container.decode(String.self, forKey: .name),
            color: try container.decodeIfPresent(Color.self, forKey: .color),
            bio: try container.decodeIfPresent(String.self, forKey: .bio),
            timeZone: try container.decode(String.self, forKey: .timeZone),
            locale: try container.decode(String.self, forKey: .locale),
            // Written before accounts had a visibility: every user was public.
            visibility: try container.decodeIfPresent(Visibility.self, forKey: .visibility) ?? .public)
    }

    /// The zone the user's days are counted in: `timeZone`, else UTC (a stored zone is always one the system
    /// knows; the fallback is for one a later system dropped).
    public var zone: TimeZone {
        TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC") ?? .current
    }
}

/// A category as `/v1` sees it.
public struct Category: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var color: Color

    public init(id: Int64, name: String, color: Color) {
        self.id = id
        self.name = name
        self.color = color
    }

    /// The same category as the course API shows it.
    public var courseCategory: CourseAPI.Category { CourseAPI.Category(name: name, color: color) }
}

/// A habit as `/v1` sees it: renaming keeps `id`, so its history follows it.
public struct Habit: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var categoryID: Int64
    public var info: String
    public var emoji: String?
    /// When the habit is meant to be done; its streaks are counted under it.
    public var schedule: HabitSchedule
    /// Who made it; nil for a catalogue habit from before habits had owners.
    public var ownerID: Int64?
    /// The catalogue's, or its owner's alone.
    public var visibility: HabitVisibility
    /// When its owner's calendar reminds them of it, in the owner's zone.
    public var reminder: ReminderTime?
    /// Hidden from every screen, its history kept, until restored.
    public var isArchived: Bool
    /// Where its owner placed it among their own habits (lowest first).
    public var position: Int

    public init(
        id: Int64, name: String, categoryID: Int64, info: String, emoji: String?, schedule: HabitSchedule = .daily,
        ownerID: Int64? = nil, visibility: HabitVisibility = .shared, reminder: ReminderTime? = nil,
        isArchived: Bool = false, position: Int = 0
    ) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
        self.info = info
        self.emoji = emoji
        self.schedule = schedule
        self.ownerID = ownerID
        self.visibility = visibility
        self.reminder = reminder
        self.isArchived = isArchived
        self.position = position
    }

    enum CodingKeys: String, CodingKey {
        case id, name, categoryID, emoji, schedule, ownerID, visibility, reminder, position
        case info = "description"
        case isArchived = "archived"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            categoryID: try container.decode(Int64.self, forKey: .categoryID),
            info: try container.decode(String.self, forKey: .info),
            emoji: try container.decodeIfPresent(String.self, forKey: .emoji),
            schedule: try container.decodeIfPresent(HabitSchedule.self, forKey: .schedule) ?? .daily,
            ownerID: try container.decodeIfPresent(Int64.self, forKey: .ownerID),
            visibility: try container.decodeIfPresent(HabitVisibility.self, forKey: .visibility) ?? .shared,
            reminder: try container.decodeIfPresent(ReminderTime.self, forKey: .reminder),
            isArchived: try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false,
            position: try container.decodeIfPresent(Int.self, forKey: .position) ?? 0)
    }

    /// Whether `viewerID` (nil: nobody signed in) may see the habit at all.
    public func isVisible(to viewerID: Int64?) -> Bool {
        visibility == .shared || (viewerID != nil && ownerID == viewerID)
    }
}

/// One logged event as `/v1` sees it.
public struct Log: Codable, Hashable, Sendable {
    public var id: Int64
    public var userID: Int64
    public var habitID: Int64
    public var timestamp: Date

    public init(id: Int64, userID: Int64, habitID: Int64, timestamp: Date) {
        self.id = id
        self.userID = userID
        self.habitID = habitID
        self.timestamp = timestamp
    }
}

/// A new user; `key` defaults to a generated one, `timeZone` to UTC and `locale` to en_US.
public struct UserDraft: Codable, Hashable, Sendable {
    public var key: String?
    public var name: String
    public var color: Color?
    public var bio: String?
    public var timeZone: String?
    public var locale: String?

    public init(
        key: String? = nil, name: String, color: Color? = nil, bio: String? = nil, timeZone: String? = nil,
        locale: String? = nil
    ) {
        self.key = key
        self.name = name
        self.color = color
        self.bio = bio
        self.timeZone = timeZone
        self.locale = locale
    }
}

/// A new category.
public struct CategoryDraft: Codable, Hashable, Sendable {
    public var name: String
    public var color: Color

    public init(name: String, color: Color) {
        self.name = name
        self.color = color
    }
}

/// A new habit.
public struct HabitDraft: Codable, Hashable, Sendable {
    public var name: String
    public var categoryID: Int64
    public var info: String?
    public var emoji: String?
    /// Daily when absent.
    public var schedule: HabitSchedule?
    /// `shared` (the catalogue's; administrators only) or `personal`; personal when absent for a member
    /// and shared for an administrator or in open mode.
    public var visibility: HabitVisibility?
    /// The owner in open mode; with accounts the owner is whoever asks, and naming someone else is refused.
    public var ownerID: Int64?
    public var reminder: ReminderTime?

    public init(
        name: String, categoryID: Int64, info: String? = nil, emoji: String? = nil, schedule: HabitSchedule? = nil,
        visibility: HabitVisibility? = nil, ownerID: Int64? = nil, reminder: ReminderTime? = nil
    ) {
        self.name = name
        self.categoryID = categoryID
        self.info = info
        self.emoji = emoji
        self.schedule = schedule
        self.visibility = visibility
        self.ownerID = ownerID
        self.reminder = reminder
    }

    enum CodingKeys: String, CodingKey {
        case name, categoryID, emoji, schedule, visibility, ownerID, reminder
        case info = "description"
    }
}

/// A new log.
public struct LogDraft: Codable, Hashable, Sendable {
    public var userID: Int64
    public var habitID: Int64
    public var timestamp: Date

    public init(userID: Int64, habitID: Int64, timestamp: Date) {
        self.userID = userID
        self.habitID = habitID
        self.timestamp = timestamp
    }
}

/// One page of a listing and the cursor of the next page (nil on the last page).
public struct Page<Item: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// Where a page starts and how long it is. Listings are in keyset order, so inserts between two
/// requests never repeat or skip an item that existed before.
public struct PageRequest: Hashable, Sendable {
    /// The default number of items in a page.
    public static let defaultLimit = 50
    /// The largest page a client may ask for.
    public static let maximumLimit = 200

    /// The position of the last item already seen, nil for the first page.
    public var after: PageCursor?
    public var limit: Int

    public init(after: PageCursor? = nil, limit: Int = defaultLimit) {
        self.after = after
        self.limit = limit
    }

    /// The page of `items` (already in keyset order, starting after the cursor, holding at most
    /// `limit + 1` items) and the cursor of the next page.
    public func page<Item>(of items: [Item], cursor: (Item) -> PageCursor) -> Page<Item> {
        guard items.count > limit, limit > 0 else { return Page(items: items, nextCursor: nil) }
        let shown = Array(items.prefix(limit))
        return Page(items: shown, nextCursor: shown.last.map { cursor($0).encoded })
    }
}

/// The position of an item in a keyset order: its internal id, and its time for lists ordered by time.
/// Clients see it only as an opaque string.
public struct PageCursor: Hashable, Sendable {
    public var id: Int64
    public var time: Double?

    public init(id: Int64, time: Double? = nil) {
        self.id = id
        self.time = time
    }

    /// The opaque form: URL-safe base64 of `id` or `time:id`.
    public var encoded: String {
        let plain = time.map { "\($0.bitPattern):\(id)" } ?? "\(id)"
        return Data(plain.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads an opaque cursor.
    /// - Throws: `HabitsError.invalid` when `text` is not a cursor this server issued.
    public init(encoded text: String) throws(HabitsError) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let invalid = HabitsError.invalid(
            field: "cursor", reason: "is not a cursor from a previous page; start again without it.")
        guard text.count <= 64, let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8)
        else {
            throw invalid
        }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let id = Int64(parts[0]) else { throw invalid }
            self.init(id: id)
        case 2:
            guard let bits = UInt64(parts[0]), let id = Int64(parts[1]) else { throw invalid }
            let time = Double(bitPattern: bits)
            guard time.isFinite else { throw invalid }
            self.init(id: id, time: time)
        default:
            throw invalid
        }
    }
}

/// A time range of logs: `from` inclusive, `to` exclusive; either may be open.
public struct TimeRange: Hashable, Sendable {
    public var from: Date?
    public var to: Date?

    public init(from: Date? = nil, to: Date? = nil) {
        self.from = from
        self.to = to
    }

    /// Whether `date` lies in the range.
    public func contains(_ date: Date) -> Bool {
        (from.map { date >= $0 } ?? true) && (to.map { date < $0 } ?? true)
    }
}
