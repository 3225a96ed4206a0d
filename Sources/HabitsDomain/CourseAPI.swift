import Foundation

/// The wire types of the course's API ("Develop in Swift Data Collections"): a user keyed by a string,
/// a habit keyed by its name, and the statistics its app reads. They live apart from the model (`User`,
/// `Habit`, `Category`, `Log`, addressed by internal ids) because the course app's JSON is fixed; the
/// store speaks them only for the course API's reads and writes and for loading a data set.
public enum CourseAPI {
    /// A person who logs habits. `id` is the string the course API uses as the key.
    public struct User: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var color: Color?
        public var bio: String?

        public init(id: String, name: String, color: Color? = nil, bio: String? = nil) {
            self.id = id
            self.name = name
            self.color = color
            self.bio = bio
        }
    }

    /// A group of habits with a colour.
    public struct Category: Codable, Hashable, Sendable {
        public var name: String
        public var color: Color

        public init(name: String, color: Color) {
            self.name = name
            self.color = color
        }
    }

    /// Something a user can log. `name` is the key the course API uses.
    public struct Habit: Codable, Hashable, Sendable {
        public var name: String
        public var category: Category
        public var info: String

        public init(name: String, category: Category, info: String) {
            self.name = name
            self.category = category
            self.info = info
        }
    }

    /// How many times one habit was logged (by the user of the enclosing statistics).
    public struct HabitCount: Codable, Hashable, Sendable {
        public var habit: Habit
        public var count: Int

        public init(habit: Habit, count: Int) {
            self.habit = habit
            self.count = count
        }
    }

    /// How many times one user logged (the habit of the enclosing statistics).
    public struct UserCount: Codable, Hashable, Sendable {
        public var user: User
        public var count: Int

        public init(user: User, count: Int) {
            self.user = user
            self.count = count
        }
    }

    /// Every habit a user has logged, with counts.
    public struct UserStatistics: Codable, Hashable, Sendable {
        public var user: User
        public var habitCounts: [HabitCount]

        public init(user: User, habitCounts: [HabitCount]) {
            self.user = user
            self.habitCounts = habitCounts
        }
    }

    /// Every user who has logged a habit, with counts.
    public struct HabitStatistics: Codable, Hashable, Sendable {
        public var habit: Habit
        public var userCounts: [UserCount]

        public init(habit: Habit, userCounts: [UserCount]) {
            self.habit = habit
            self.userCounts = userCounts
        }
    }

    /// Both halves of the statistics, read at one revision of the data.
    public struct CombinedStatistics: Codable, Hashable, Sendable {
        public var userStatistics: [UserStatistics]
        public var habitStatistics: [HabitStatistics]

        public init(userStatistics: [UserStatistics], habitStatistics: [HabitStatistics]) {
            self.userStatistics = userStatistics
            self.habitStatistics = habitStatistics
        }
    }

    /// One event: a user logged a habit at an instant.
    public struct LoggedHabit: Codable, Hashable, Sendable {
        public var userID: String
        public var habitName: String
        public var timestamp: Date

        public init(userID: String, habitName: String, timestamp: Date) {
            self.userID = userID
            self.habitName = habitName
            self.timestamp = timestamp
        }
    }
}
