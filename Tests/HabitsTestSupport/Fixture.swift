import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore

/// The one small world the store and server tests share.
public enum Fixture {
    /// The instant every test treats as "now": 2026-11-22T17:20:15Z.
    public static let now = Date(timeIntervalSince1970: 1_795_368_015)

    /// The instant an ISO 8601 literal of a test names; a typo in it stops the test run.
    public static func instant(_ text: String) -> Date {
        guard let date = HabitsJSON.parseInstant(text) else { fatalError("not an instant: \(text)") }
        return date
    }

    /// Five users (`user0` without a bio), four habits in one category, and a picture for `user1`.
    public static func content(logs: [CourseAPI.LoggedHabit] = [], withImage: Bool = true) -> StoreContent {
        let health = CourseAPI.Category(name: "Health", color: Color(hue: 0.2, saturation: 0.5, brightness: 0.8))
        let users = (0..<5).map { index in
            CourseAPI.User(
                id: "user\(index)", name: "User \(index)", color: Color(hue: 0.1, saturation: 0.2, brightness: 0.3),
                bio: index == 0 ? nil : "Bio \(index)"
            )
        }
        let habits = ["Run", "Read", "Deep breathing", "Swim"].map {
            CourseAPI.Habit(name: $0, category: health, info: "About \($0)")
        }
        var images: [String: StoredImage] = [:]
        if withImage {
            images["user1"] = StoredImage(contentType: "image/png", bytes: Data(Avatar.png(for: users[1], size: 16)))
        }
        return StoreContent(users: users, categories: [health], habits: habits, logs: logs, images: images)
    }
}

/// A fresh database file in a temporary folder, removed when the value goes away.
public struct TemporaryDatabase: ~Copyable {
    public let folder: URL
    /// The database file's path inside the folder.
    public var path: String { folder.appendingPathComponent("habits.sqlite").path }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
