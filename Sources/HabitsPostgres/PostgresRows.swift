import Foundation
import HabitsDomain
import HabitsStore
import PostgresNIO

/// Decodes the store's rows into domain values, each in one place, by position.
enum PostgresRows {
    /// Bindings holding one value, for queries whose SQL is built from parts.
    static func binds(_ value: Int64) -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(value)
        return bindings
    }

    /// The `users` columns `user(_:)` reads, in order, each prefixed with `table` (such as `"u."`).
    static func userColumns(_ table: String = "") -> String {
        ["id", "key", "name", "hue", "saturation", "brightness", "bio", "time_zone", "locale", "visibility"]
            .map { table + $0 }.joined(separator: ", ")
    }

    /// A colour from its three columns, nil when any is NULL.
    static func color(_ hue: Double?, _ saturation: Double?, _ brightness: Double?) -> Color? {
        guard let hue, let saturation, let brightness else { return nil }
        return Color(hue: hue, saturation: saturation, brightness: brightness)
    }

    /// A user from the decoded columns of `userColumns()`, in their order: every row that carries a user,
    /// alone or after other columns, makes it here.
    static func user(
        _ id: Int64, _ key: String, _ name: String, _ hue: Double?, _ saturation: Double?, _ brightness: Double?,
        _ bio: String?, _ zone: String, _ locale: String, _ visibility: String
    ) -> User {
        User(
            id: id, key: key, name: name, color: color(hue, saturation, brightness), bio: bio, timeZone: zone,
            locale: locale, visibility: Visibility(rawValue: visibility) ?? .public)
    }

    /// A `/v1` user from a row of `userColumns()`.
    static func user(_ row: PostgresRow) throws -> User {
        let (id, key, name, hue, saturation, brightness, bio, zone, locale, visibility) = try row.decode(
            (Int64, String, String, Double?, Double?, Double?, String?, String, String, String).self)
        return user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility)
    }

    /// A count, then the columns of `userColumns()`: a standing.
    static func standing(_ row: PostgresRow) throws -> Standing {
        let (count, id, key, name, hue, saturation, brightness, bio, zone, locale, visibility) = try row.decode(
            (Int, Int64, String, String, Double?, Double?, Double?, String?, String, String, String).self)
        return Standing(
            user: user(id, key, name, hue, saturation, brightness, bio, zone, locale, visibility), count: count)
    }

    /// A course API user from a row of `userColumns()`.
    static func courseUser(_ row: PostgresRow) throws -> CourseAPI.User {
        let user = try user(row)
        return CourseAPI.User(id: user.key, name: user.name, color: user.color, bio: user.bio)
    }

    /// A `/v1` category from columns id, name, hue, saturation, brightness.
    static func category(_ row: PostgresRow) throws -> Category {
        let (id, name, hue, saturation, brightness) = try row.decode((Int64, String, Double, Double, Double).self)
        return Category(id: id, name: name, color: Color(hue: hue, saturation: saturation, brightness: brightness))
    }

    /// The columns `habit(_:)` reads, in order.
    static let habitColumns =
        "id, name, category_id, info, emoji, schedule, owner_id, visibility, reminder, archived, position"

    /// `habitColumns` of the table named `alias` in a join.
    static func habitColumns(of alias: String) -> String {
        habitColumns.split(separator: ", ").map { alias + "." + $0 }.joined(separator: ", ")
    }

    /// A `/v1` habit from a row of `habitColumns`.
    static func habit(_ row: PostgresRow) throws -> Habit {
        let (id, name, categoryID, info, emoji, schedule, ownerID, visibility, reminder, archived, position) =
            try row.decode((Int64, String, Int64, String, String?, String?, Int64?, String, String?, Bool, Int).self)
        return Habit(
            id: id, name: name, categoryID: categoryID, info: info, emoji: emoji,
            schedule: HabitSchedule(storedText: schedule), ownerID: ownerID,
            visibility: HabitVisibility(rawValue: visibility) ?? .shared, reminder: reminder.flatMap(ReminderTime.init),
            isArchived: archived, position: position)
    }

    /// The columns `log(_:)` reads, in order.
    static let logColumns = "id, user_id, habit_id, logged_at"

    /// A `/v1` log from a row of `logColumns`.
    static func log(_ row: PostgresRow) throws -> Log {
        let (id, userID, habitID, seconds) = try row.decode((Int64, Int64, Int64, Double).self)
        return Log(id: id, userID: userID, habitID: habitID, timestamp: Date(timeIntervalSince1970: seconds))
    }
}
