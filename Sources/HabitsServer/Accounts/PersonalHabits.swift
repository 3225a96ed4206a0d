import HabitsDomain
import HabitsStore

/// Someone else's personal habit does not exist for the asker, and neither do its logs.
struct PersonalHabits: Sendable {
    let store: any ResourceStore
    let askerID: Int64

    /// The ids of the logs in `logs` that are of another user's personal habit.
    ///
    /// - Complexity: one read per distinct habit in `logs` (a page holds at most 200 logs).
    func hidden(_ logs: [Log]) async throws -> Set<Int64> {
        var hiddenHabits: [Int64: Bool] = [:]
        var hidden = Set<Int64>()
        for log in logs {
            if hiddenHabits[log.habitID] == nil {
                let habit = try? await store.habit(id: log.habitID)
                hiddenHabits[log.habitID] = habit.map { $0.visibility == .personal && $0.ownerID != askerID } ?? false
            }
            if hiddenHabits[log.habitID] == true { hidden.insert(log.id) }
        }
        return hidden
    }
}
