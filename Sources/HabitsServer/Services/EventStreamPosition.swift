import HabitsScreens
import NIOCore

/// Where an event stream stands: the revision its client holds and the newest one known to show the
/// same, and what each wake makes it write (`ScreenService.writeEvents`).
///
/// Synchronous on purpose: the values an event passes through stay on the thread's stack rather than
/// in the stream's async frame, which its connection's task keeps for as long as the stream is open.
struct EventStreamPosition {
    /// What one wake makes the stream write.
    enum Output {
        /// Nothing new to show.
        case nothing
        /// Nothing new, and time for a keep-alive comment.
        case keepAlive
        /// An event.
        case event(ByteBuffer)
        /// The event that ends the stream (its screen is gone).
        case lastEvent(ByteBuffer)
    }

    /// The revision the client holds: every changeset it is sent applies to it.
    private(set) var sentRevision: String?
    /// The newest revision known to show what the client holds: the next event is made from it.
    private(set) var shownRevision: String?

    /// A stream whose client holds `clientRevision` (nil: nothing yet).
    init(clientRevision: String?) {
        sentRevision = clientRevision
        shownRevision = clientRevision
    }

    /// Whether `reason` carries the change to send as it is, without asking the hub.
    func canSend(_ reason: ScreenWake) -> Bool {
        if case .changed(let change?) = reason, change.from == shownRevision { return true }
        return false
    }

    /// What to write for `reason`, given the hub's `pending` event when `canSend(reason)` is false, and
    /// the revisions it moves the stream to.
    ///
    /// Every event shows something new: a change that is empty (the documents between undid each other)
    /// is not sent, and its revision is remembered as showing what the client holds; the next change is
    /// sent as from the client's revision.
    @inline(never)
    mutating func output(
        for reason: ScreenWake, pending: PendingScreenEvent?, encode: (ScreenEvent) throws -> [UInt8]
    ) throws -> Output {
        var event: ScreenEvent?
        if canSend(reason), case .changed(let change?) = reason {
            event = .changes(change)
        } else {
            event = pending?.resolved()
        }
        if case .changes(var change) = event {
            if change.isEmpty {
                shownRevision = change.revision
                event = nil
            } else if let sentRevision, change.from != sentRevision {
                change.from = sentRevision
                event = .changes(change)
            }
        }
        guard let event else {
            if case .tick = reason { return .keepAlive }
            return .nothing
        }
        let bytes = ByteBuffer(bytes: try encode(event))
        switch event {
        case .document(let document): sentRevision = document.revision
        case .changes(let change): sentRevision = change.revision
        case .gone: return .lastEvent(bytes)
        }
        shownRevision = sentRevision
        return .event(bytes)
    }
}
