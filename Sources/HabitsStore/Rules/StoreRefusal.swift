import HabitsDomain

/// Why a store refuses a write, in the words every client sees: no store module writes a text of its own.
///
/// Every store throws these and no text of its own, so that the same refusal reads the same on SQLite
/// and PostgreSQL and a change of wording is made once.
public enum StoreRefusal {
    /// A user still holding logs, deleted without `?cascade=true`.
    public static func userHasLogs(_ count: Int) -> HabitsError {
        .conflict(
            reason:
                "This user has \(count) logged event(s); delete with ?cascade=true to delete them too, "
                + "or keep the user."
        )
    }

    /// A habit still holding logs, deleted without `?cascade=true`.
    public static func habitHasLogs(_ count: Int) -> HabitsError {
        .conflict(
            reason:
                "This habit has \(count) logged event(s); delete with ?cascade=true to delete them too, "
                + "or keep the habit."
        )
    }

    /// A category that habits still belong to.
    public static func categoryInUse(_ count: Int) -> HabitsError {
        .conflict(reason: "\(count) habit(s) belong to this category; move or delete them first.")
    }

    /// A category that programs still belong to.
    public static func categoryHasPrograms(_ count: Int) -> HabitsError {
        .conflict(reason: "\(count) program(s) belong to this category; move or delete them first.")
    }

    /// A name already in use among its kind, compared without case.
    public static func nameTaken(_ kind: String, _ name: String) -> HabitsError {
        .conflict(reason: "A \(kind) named \"\(name)\" already exists (names are compared without case).")
    }

    /// A user key already in use, compared without case.
    public static func keyTaken(_ key: String) -> HabitsError {
        .conflict(reason: "A user with key \"\(key)\" already exists (keys are compared without case).")
    }

    /// A follow of oneself.
    public static let followSelf = HabitsError.invalid(field: "followedID", reason: "a user cannot follow themselves.")

    /// A display name that looks like another member's display name or username (`NameRule`).
    public static let confusableName = HabitsError.invalid(
        field: "name", reason: "looks like another member's name or username; choose a name that tells you apart.")

    /// A username that looks like another member's username or display name (`NameRule`).
    public static let confusableUsername = HabitsError.invalid(
        field: "username", reason: "looks like another member's username or name; choose another.")

    /// A day note beyond `AccountRules.maximumNotes`.
    public static let noteLimit = HabitsError.conflict(
        reason: "An account keeps at most \(AccountRules.maximumNotes) day notes; remove some first.")

    /// A follow request beyond `AccountRules.maximumFollowRequestsPerDay`.
    public static let followRequestLimit = HabitsError.conflict(
        reason: "An account sends at most \(AccountRules.maximumFollowRequestsPerDay) follow requests a day; "
            + "try again tomorrow (UTC).")

    /// A token beyond `AccountRules.maximumTokens`.
    public static let tokenLimit = HabitsError.conflict(
        reason: "An account holds at most \(AccountRules.maximumTokens) tokens; revoke one first.")

    /// A widget address beyond `AccountRules.maximumWidgets`.
    public static let widgetLimit = HabitsError.conflict(
        reason: "An account holds at most \(AccountRules.maximumWidgets) widget addresses; revoke one first.")

    /// A personal habit beyond `AccountRules.maximumPersonalHabits`.
    public static let personalHabitLimit = HabitsError.conflict(
        reason: "An account holds at most \(AccountRules.maximumPersonalHabits) habits of its own "
            + "(archived ones count); delete one first.")

    /// An import whose `adding` new habits would take the account (holding `held`; nil: not read yet) past
    /// `AccountRules.maximumPersonalHabits`.
    public static func importHabitLimit(adding: Int, held: Int?) -> HabitsError {
        .conflict(
            reason: "An account holds at most \(AccountRules.maximumPersonalHabits) habits of its own "
                + "(archived ones count), and this import would add \(adding)"
                + (held.map { " to the \($0) it holds" } ?? "")
                + "; delete some first, or import fewer. Nothing was imported.")
    }

    /// A change of role that would leave the store without an administrator.
    public static let lastAdministrator = HabitsError.conflict(
        reason: "A server keeps at least one administrator: grant the role to someone else first.")

    /// A skip of a day whose target is met.
    public static func dayIsDone(_ day: LocalDay) -> HabitsError {
        .conflict(reason: "\(day) is done; unmark it before skipping it.")
    }

    /// A skip beyond `HabitDay.maximumSkipsPerMonth` in one calendar month.
    public static func skipLimit(_ month: LocalMonth, skippedAlready: Int) -> HabitsError {
        .invalid(
            field: "status",
            reason: "a habit may skip at most \(HabitDay.maximumSkipsPerMonth) days in a calendar month, "
                + "and \(month) has \(skippedAlready) already.")
    }

    /// An undo with no log of the habit today.
    public static let nothingToUndo = HabitsError.conflict(reason: HabitsError.nothingToUndo)

    /// An imported log or day naming a habit the import does not hold.
    public static func importHabitMissing(_ index: Int, of count: Int) -> HabitsError {
        .invalid(field: "habit", reason: "names habit \(index) of the import, which holds \(count).")
    }

    /// A copy's resume point naming the wrong number of key columns.
    public static func copyKeyMismatch(given: Int, keys: Int) -> HabitsError {
        .invalid(field: "after", reason: "names \(given) key columns of \(keys).")
    }

    /// A schema name that would need quoting.
    public static let schemaName = HabitsError.invalid(
        field: "schema", reason: "a schema name is letters, digits and _.")

    // MARK: The database's own failures

    /// The database refused the write for a broken uniqueness or reference rule that no explicit check caught.
    public static let constraintBroken = HabitsError.conflict(
        reason: "The change breaks a uniqueness or reference rule.")

    /// The database failed for a reason of its own (its code named), and nothing of the write was kept.
    public static func databaseFailed(_ code: String) -> HabitsError {
        .unavailable(reason: "The database failed (\(code)); nothing was written. Try again later.")
    }

    /// A write that was queued but never ran (the store was closing).
    public static let writeDidNotRun = HabitsError.unavailable(reason: "The write did not run.")

    /// A commit whose revision the database did not report.
    public static let revisionNotReported = HabitsError.unavailable(
        reason: "The database did not report the revision of a write.")
}
