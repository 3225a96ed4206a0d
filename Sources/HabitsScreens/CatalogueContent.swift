/// `habit` and `logHabit`: a habit with its category's name and colour.
public struct HabitRow: ItemPayload {
    public var habitID: Int64
    public var name: String
    public var emoji: String?
    public var category: String
    public var color: ScreenColor
    public var isFavorite: Bool

    public init(habitID: Int64, name: String, emoji: String?, category: String, color: ScreenColor, isFavorite: Bool) {
        self.habitID = habitID
        self.name = name
        self.emoji = emoji
        self.category = category
        self.color = color
        self.isFavorite = isFavorite
    }
}

extension HabitRow {
    public static let type = "habit"
    public var heapBytes: Int { heapSum(name, emoji, category) }
}

/// `logHabit`: a habit to log now, with the fields of `HabitRow`.
@dynamicMemberLookup
public struct LogHabitRow: ItemPayload {
    public static let type = "logHabit"
    public var row: HabitRow

    public init(_ row: HabitRow) {
        self.row = row
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<HabitRow, Value>) -> Value { row[keyPath: keyPath] }

    public init(from decoder: any Decoder) throws {
        row = try HabitRow(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try row.encode(to: encoder)
    }

    public var heapBytes: Int { row.heapBytes }
}
