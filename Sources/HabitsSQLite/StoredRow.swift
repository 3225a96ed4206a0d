import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Decodes the store's rows into domain values, each in one place.
enum StoredRow {
    /// The colour in columns `hue`, `saturation` and `brightness`, nil when any is NULL.
    static func color(from row: Row) -> Color? {
        guard let hue: Double = row["hue"], let saturation: Double = row["saturation"],
              let brightness: Double = row["brightness"] else { return nil }
        return Color(hue: hue, saturation: saturation, brightness: brightness)
    }

    /// A user as the course API shows it, from a `users` row.
    static func courseUser(from row: Row) -> CourseAPI.User {
        CourseAPI.User(id: row["key"], name: row["name"], color: color(from: row), bio: row["bio"])
    }

    /// A category as the course API shows it, from columns `name` and the colour's.
    static func category(from row: Row) -> CourseAPI.Category {
        CourseAPI.Category(
            name: row["name"], color: color(from: row) ?? Color(hue: 0, saturation: 0, brightness: 0)
        )
    }

    /// A `/v1` user from a `users` row.
    static func userResource(from row: Row) -> User {
        User(
            id: row["id"], key: row["key"], name: row["name"], color: color(from: row), bio: row["bio"],
            timeZone: row["time_zone"], locale: row["locale"],
            visibility: Visibility(rawValue: row["visibility"]) ?? .public
        )
    }

    /// The `users` columns `userResource(fromPositions:at:)` reads, in order, each prefixed with `table`
    /// (such as `"u."`) when the query names the table.
    static func userColumns(_ table: String = "") -> String {
        ["id", "key", "name", "hue", "saturation", "brightness", "bio", "time_zone", "locale", "visibility"]
            .map { table + $0 }.joined(separator: ", ")
    }

    /// A `/v1` user from a row holding `userColumns()` from position `offset` on, read by position:
    /// screens read users in every document, and looking columns up by name costs more than the read.
    static func userResource(fromPositions row: some PositionalRow, at offset: Int = 0) -> User {
        var color: Color?
        if let hue = row.double(at: offset + 3), let saturation = row.double(at: offset + 4),
            let brightness = row.double(at: offset + 5)
        {
            color = Color(hue: hue, saturation: saturation, brightness: brightness)
        }
        return User(
            id: row.int64(at: offset), key: row.text(at: offset + 1) ?? "", name: row.text(at: offset + 2) ?? "",
            color: color, bio: row.text(at: offset + 6), timeZone: row.text(at: offset + 7) ?? "",
            locale: row.text(at: offset + 8) ?? "",
            visibility: row.text(at: offset + 9).flatMap(Visibility.init(rawValue:)) ?? .public
        )
    }

    /// A `/v1` category from a `categories` row.
    static func categoryResource(from row: Row) -> Category {
        Category(
            id: row["id"], name: row["name"], color: color(from: row) ?? Color(hue: 0, saturation: 0, brightness: 0)
        )
    }

    /// A `/v1` habit from a `habits` row.
    static func habitResource(from row: Row) -> Habit {
        Habit(
            id: row["id"], name: row["name"], categoryID: row["category_id"], info: row["info"], emoji: row["emoji"],
            schedule: HabitSchedule(storedText: row["schedule"]), ownerID: row["owner_id"],
            visibility: HabitVisibility(rawValue: row["visibility"]) ?? .shared,
            reminder: (row["reminder"] as String?).flatMap(ReminderTime.init), isArchived: row["archived"],
            position: row["position"])
    }

    /// The columns `habitResource(fromPositions:)` reads, in order.
    static let habitColumns =
        "id, name, category_id, info, emoji, schedule, owner_id, visibility, reminder, archived, position"

    /// A `/v1` habit from a row of `habitColumns`, read by position: screens read every habit at once.
    static func habitResource(fromPositions row: Row) -> Habit {
        Habit(
            id: row[0], name: row[1], categoryID: row[2], info: row[3], emoji: row[4],
            schedule: HabitSchedule(storedText: row[5]), ownerID: row[6],
            visibility: HabitVisibility(rawValue: row[7]) ?? .shared,
            reminder: (row[8] as String?).flatMap(ReminderTime.init), isArchived: row[9], position: row[10])
    }


    /// A `/v1` log from a `logs` row.
    static func logResource(from row: Row) -> Log {
        let seconds: Double = row["logged_at"]
        return Log(
            id: row["id"], userID: row["user_id"], habitID: row["habit_id"],
            timestamp: Date(timeIntervalSince1970: seconds)
        )
    }
}

/// A row whose columns are read by position: GRDB's, or one of an `IntegerQuery`.
protocol PositionalRow {
    /// The integer at `index`; 0 for NULL.
    func int64(at index: Int) -> Int64
    /// The number at `index`; nil for NULL.
    func double(at index: Int) -> Double?
    /// The text at `index`; nil for NULL.
    func text(at index: Int) -> String?
}

extension Row: PositionalRow {
    func int64(at index: Int) -> Int64 { self[index] ?? 0 }
    func double(at index: Int) -> Double? { self[index] }
    func text(at index: Int) -> String? { self[index] }
}
