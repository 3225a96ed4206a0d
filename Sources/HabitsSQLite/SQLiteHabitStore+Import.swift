import Foundation
import HabitsDomain
import HabitsStore

extension SQLiteHabitStore {
    public func importAccountData(_ data: AccountImport, userID: Int64, now: Date) async throws -> ImportSummary {
        throw HabitsError.unavailable(reason: "Importing is not available yet.")
    }
}
