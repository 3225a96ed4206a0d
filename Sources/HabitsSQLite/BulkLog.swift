import Foundation

/// One log of a bulk load (`SQLiteHabitStore.bulkLoad`), by position in the load's users and habits,
/// so that millions of them stream without a string each.
public struct BulkLog: Hashable, Sendable {
    /// The index of the log's user in `StoreContent.users`.
    public var userIndex: Int
    /// The index of the log's habit in `StoreContent.habits`.
    public var habitIndex: Int
    public var timestamp: Date

    public init(userIndex: Int, habitIndex: Int, timestamp: Date) {
        self.userIndex = userIndex
        self.habitIndex = habitIndex
        self.timestamp = timestamp
    }
}
