/// `PUT /v1/users/{userID}/habit-order`: the user's own habits to put first, in this order.
public struct HabitOrderChange: Codable, Hashable, Sendable {
    /// At most `maximumCount` ids.
    public var habitIDs: [Int64]

    /// More ids than anyone has habits of their own is a mistake, refused before any read.
    public static let maximumCount = 1_000

    public init(habitIDs: [Int64]) { self.habitIDs = habitIDs }
}

/// A user's own habits, archived ones too, in their order.
public struct OwnHabitList: Codable, Hashable, Sendable {
    public var items: [Habit]

    public init(items: [Habit]) { self.items = items }
}
