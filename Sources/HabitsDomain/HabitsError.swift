/// Every failure the domain and the store report; the server maps each case to one HTTP status.
public enum HabitsError: Error, Equatable, Sendable {
    /// A referenced entity does not exist.
    case notFound(kind: EntityKind, id: String)
    /// The input is well-formed but breaks a rule (a future timestamp, a name too long…).
    case invalid(field: String, reason: String)
    /// The request body could not be read as the expected JSON.
    case malformed(reason: String)
    /// The write would break a uniqueness or reference rule.
    case conflict(reason: String)
    /// A day after the user's today cannot be marked done.
    case futureDay(LocalDay)
    /// The store could not be reached or failed unexpectedly.
    case unavailable(reason: String)
    /// The database's disk (or its size limit) is full: nothing of the write was kept; it may succeed
    /// once there is room again.
    case storageFull
    /// The request proved no identity (no session or token, or one that ended) where one is needed.
    case unauthenticated(reason: String)
    /// The identity may not do this: acting as someone else, a catalogue write by a member, a read token
    /// that writes.
    case forbidden(reason: String)

    /// A short machine-readable code for the JSON error body.
    public var code: String {
        switch self {
        case .notFound(let kind, _): "\(kind.rawValue)_not_found"
        case .invalid: "invalid"
        case .malformed: "malformed_request"
        case .conflict: "conflict"
        case .futureDay: "future_day"
        case .unavailable: "unavailable"
        case .storageFull: "storage_full"
        case .unauthenticated: "unauthenticated"
        case .forbidden: "forbidden"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .notFound(let kind, let id): "No \(kind.rawValue) with id \(Excerpt.quoted(id))."
        case .invalid(let field, let reason): "\(field): \(reason)"
        case .malformed(let reason): reason
        case .conflict(let reason): reason
        case .futureDay: "Can't mark a day in the future"
        case .unavailable(let reason): reason
        case .storageFull: "The server's storage is full; nothing was written. Try again later."
        case .unauthenticated(let reason): reason
        case .forbidden(let reason): reason
        }
    }
}

extension HabitsError {
    /// Why undoing the last log of a habit today was refused: there is none.
    public static let nothingToUndo = "Nothing to undo: no log of this habit today."
}

/// What a `HabitsError.notFound` could not find; its raw value names it in error codes and messages.
public enum EntityKind: String, Sendable, Hashable {
    case user, habit, category, log, image, screen, program, tag, question, account, session, token, calendar
    case widget
    case followRequest = "follow_request"
}

extension HabitsError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
