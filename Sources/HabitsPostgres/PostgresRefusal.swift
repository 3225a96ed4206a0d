import HabitsDomain
import HabitsStore

/// Why the PostgreSQL store refuses a write, in the words every client sees.
enum PostgresRefusal {
    static func userHasLogs(_ count: Int) -> HabitsError {
        .conflict(
            reason:
                "This user has \(count) logged event(s); delete with ?cascade=true to delete them too, "
                + "or keep the user."
        )
    }

    static func habitHasLogs(_ count: Int) -> HabitsError {
        .conflict(
            reason:
                "This habit has \(count) logged event(s); delete with ?cascade=true to delete them too, "
                + "or keep the habit."
        )
    }

    static func categoryInUse(_ count: Int) -> HabitsError {
        .conflict(reason: "\(count) habit(s) belong to this category; move or delete them first.")
    }

    static func nameTaken(_ kind: String, _ name: String) -> HabitsError {
        .conflict(reason: "A \(kind) named \"\(name)\" already exists (names are compared without case).")
    }

    static func keyTaken(_ key: String) -> HabitsError {
        .conflict(reason: "A user with key \"\(key)\" already exists (keys are compared without case).")
    }

    static let followSelf = HabitsError.invalid(field: "followedID", reason: "a user cannot follow themselves.")

    static func categoryHasPrograms(_ count: Int) -> HabitsError {
        .conflict(reason: "\(count) program(s) belong to this category; move or delete them first.")
    }
}
