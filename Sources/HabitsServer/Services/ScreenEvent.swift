import HabitsDomain
import HabitsScreens

/// What an open screen receives next.
enum ScreenEvent: Sendable, Equatable {
    /// The whole document: the first event, or when the subscriber's revision is no longer held.
    case document(ScreenDocument)
    /// The change from the subscriber's revision to the current one.
    case changes(ScreenChangeset)
    /// The screen cannot be built any more (its habit or user was deleted).
    case gone(HabitsError)
}

/// An event before its changeset is computed.
enum PendingScreenEvent: Sendable {
    case document(ScreenDocument)
    case changes(from: ScreenDocument, to: ScreenDocument)
    /// The changeset the hub made when it built the document, for every subscriber one revision behind.
    case ready(ScreenChangeset)
    case gone(HabitsError)

    /// The event, with the changeset computed (a document when the two cannot be diffed).
    func resolved() -> ScreenEvent {
        switch self {
        case .document(let document): return .document(document)
        case .ready(let changeset): return .changes(changeset)
        case .gone(let error): return .gone(error)
        case .changes(let old, let new):
            guard let changeset = try? new.changeset(from: old) else { return .document(new) }
            return .changes(changeset)
        }
    }
}

/// Why an event stream woke.
enum ScreenWake: Sendable {
    /// The screen may have a new event; with the change its rebuild made, when there is one, which a
    /// subscriber at that change's `from` revision can send as it is.
    case changed(ScreenChangeset?)
    /// Nothing new: time for a keep-alive comment.
    case tick
}
