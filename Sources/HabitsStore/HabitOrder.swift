import HabitsDomain

/// An owner's habits in a new order: the ones named first, as named, then the others as they were.
/// What both stores' `reorderHabits` compute before they write positions.
public struct HabitOrder: Sendable {
    /// The owner's habits in the new order, with their positions as stored before.
    public let habits: [Habit]

    /// - Complexity: O(n + m) for the owner's n habits and m named ids.
    public init(own: [Habit], first habitIDs: [Int64]) throws {
        var byID: [Int64: Habit] = [:]
        for habit in own { byID[habit.id] = habit }
        var named = Set<Int64>(minimumCapacity: habitIDs.count)
        var ordered: [Habit] = []
        ordered.reserveCapacity(own.count)
        for id in habitIDs {
            guard let habit = byID[id] else { throw HabitsError.notFound(kind: .habit, id: String(id)) }
            guard named.insert(id).inserted else {
                throw HabitsError.invalid(field: "habitIDs", reason: "names habit \(id) twice.")
            }
            ordered.append(habit)
        }
        ordered += own.filter { !named.contains($0.id) }
        habits = ordered
    }

    /// The habits whose position changes, with their new position: what a store writes.
    public var moved: [(habitID: Int64, position: Int)] {
        habits.enumerated().compactMap { position, habit in
            habit.position == position ? nil : (habit.id, position)
        }
    }

    /// The habits with their new positions, 0 first.
    public var renumbered: [Habit] {
        habits.enumerated().map { position, habit in
            var habit = habit
            habit.position = position
            return habit
        }
    }
}
