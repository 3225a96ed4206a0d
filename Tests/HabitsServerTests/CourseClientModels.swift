import HTTPTypes
import Foundation

/// The models exactly as the course's iOS app declares them, decoded with a plain `JSONDecoder()`.
enum CourseClient {
    /// The headers the course app's `APIRequest` sends with a POST: JSON, and no `Origin`.
    static let postHeaders: HTTPFields = [.contentType: "application/json"]

    struct Color: Codable, Hashable {
        let hue: Double
        let saturation: Double
        let brightness: Double

        enum CodingKeys: String, CodingKey {
            case hue = "h"
            case saturation = "s"
            case brightness = "b"
        }
    }

    struct User: Codable, Hashable {
        let id: String
        let name: String
        let color: Color?
        let bio: String?
    }

    struct Category: Codable, Hashable {
        let name: String
        let color: Color
    }

    struct Habit: Codable, Hashable, Comparable {
        let name: String
        let category: Category
        let info: String

        static func < (lhs: Habit, rhs: Habit) -> Bool { lhs.name < rhs.name }
    }

    struct HabitCount: Codable, Hashable {
        let habit: Habit
        let count: Int
    }

    struct UserCount: Codable, Hashable {
        let user: User
        let count: Int
    }

    struct UserStatistics: Codable {
        let user: User
        let habitCounts: [HabitCount]
    }

    struct HabitStatistics: Codable {
        let habit: Habit
        let userCounts: [UserCount]
    }

    struct CombinedStatistics: Codable {
        let userStatistics: [UserStatistics]
        let habitStatistics: [HabitStatistics]
    }

    struct LoggedHabit: Codable {
        let userID: String
        let habitName: String
        let timestamp: Date
    }

    /// The client's encoder for `POST /loggedHabit`.
    static let logEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
