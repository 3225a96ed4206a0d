import Foundation
import HabitsDomain
import HabitsScreens

/// The documents the hub keeps, per screen and viewer: the last `historyLength` of each, the change the
/// newest one's rebuild made, and what they cost against a byte budget.
///
/// Each document is estimated once as it is recorded, history included, and the least recently used
/// entries without subscribers are dropped once the total passes the budget. An entry with subscribers is
/// never dropped, but counts. It holds values only, so that it is tested without a store or an actor.
struct ScreenDocumentCache {
    /// Documents kept per screen, for `changes?since=` and resuming streams.
    static let historyLength = 16
    /// The default byte budget: 256 MiB.
    static let defaultByteBudget = 256 << 20
    /// What an entry costs beyond its documents and reads: its struct, dictionaries and index slots.
    static let entryOverhead = 1_024

    struct Entry {
        var history: [ScreenDocument] = []
        /// The estimated bytes of each document of `history`, in its order.
        var historyBytes: [Int] = []
        /// The estimated bytes of what the newest document read (kept by `ScreenInvalidation`).
        var readsBytes = 0
        /// The change from the document before the newest to the newest, when the rebuild made it.
        var latestChange: ScreenChangeset?
        /// The store revision the newest document was built at.
        var builtAt: Int64 = -1
        /// How many subscriptions hold the entry: while any do, it is never dropped.
        var subscriberCount = 0
        var lastUse: UInt64 = 0
        var gone: HabitsError?

        var current: ScreenDocument? { history.last }

        /// Whether a change or the end of a day rebuilds it: it has subscribers and can still be built.
        var isWatched: Bool { subscriberCount > 0 && gone == nil }

        /// What the entry is counted as against the byte budget.
        var bytes: Int { ScreenDocumentCache.entryOverhead + readsBytes + historyBytes.reduce(0, +) }
    }

    /// What `record` did with a built document.
    struct Recorded {
        /// The answer to the read: the newest document, or the late one when a newer one is kept.
        var document: ScreenDocument
        /// Whether the document's reads describe the newest document: false for an older read finishing late.
        var isNewest: Bool
        /// Whether the entry has a new newest document, which its subscribers must hear of.
        var isNew: Bool
        /// The change the rebuild made to the new document, when it made one.
        var change: ScreenChangeset?
        /// The oldest document, no longer kept: the caller may free it where freeing costs it nothing.
        var retired: ScreenDocument?
    }

    /// What `recordFailure` did with a screen that could not be built.
    enum Failure: Equatable {
        /// Nothing is kept: the entry had no subscribers.
        case dropped
        /// The entry is kept, to tell its subscribers it is gone.
        case gone
        /// The entry is kept as it was (a failure other than a missing habit or user).
        case kept
    }

    /// The most bytes the entries may hold before idle ones are dropped.
    let byteBudget: Int
    private var entries: [ScreenRequest: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// How many entries have subscribers, so that eviction knows the idle count without a scan.
    private(set) var liveEntryCount = 0
    /// The bytes the entries are counted as: the sum of their `bytes`.
    private(set) var bytes = 0

    init(byteBudget: Int = Self.defaultByteBudget) { self.byteBudget = byteBudget }

    subscript(request: ScreenRequest) -> Entry? { entries[request] }

    /// How many screens are kept.
    var count: Int { entries.count }

    /// Whether `request` is kept.
    func holds(_ request: ScreenRequest) -> Bool { entries[request] != nil }

    /// Whether a change or the end of a day rebuilds `request`.
    func isWatched(_ request: ScreenRequest) -> Bool { entries[request]?.isWatched ?? false }

    /// The entry `request` is kept in, when it is current as of `revision`: built at or after it, with a
    /// document, not gone. A subscription opened on it need not build it again.
    func entry(_ request: ScreenRequest, currentAsOf revision: Int64) -> Entry? {
        guard let entry = entries[request], entry.current != nil, entry.gone == nil, entry.builtAt >= revision
        else { return nil }
        return entry
    }

    /// Counts a subscriber of `request`, before its first document is built, so that the entry that
    /// document is recorded in cannot be dropped for the budget before the subscriber finds it.
    mutating func addSubscriber(to request: ScreenRequest) {
        useCounter += 1
        if entries[request] == nil {
            entries[request] = Entry()
            bytes += Self.entryOverhead
        }
        if entries[request]?.subscriberCount == 0 { liveEntryCount += 1 }
        entries[request]?.subscriberCount += 1
        entries[request]?.lastUse = useCounter
    }

    /// Uncounts a subscriber of `request`. An entry left without subscribers is kept while the budget
    /// allows, unless it is gone or has no document: then it is dropped, and the answer is true.
    mutating func removeSubscriber(from request: ScreenRequest) -> Bool {
        guard let entry = entries[request], entry.subscriberCount > 0 else { return false }
        entries[request]?.subscriberCount -= 1
        guard entry.subscriberCount == 1 else { return false }
        liveEntryCount -= 1
        guard entry.gone != nil || entry.current == nil else { return false }
        drop(request)
        return true
    }

    /// Keeps a newly built document: a document equal to the newest keeps the newest's revision; one of an
    /// older store revision than the newest (a read finishing late) is answered but not kept.
    ///
    /// `documentBytes` is `built.estimatedByteCount` when the caller has it already.
    ///
    /// - Complexity: O(1) beyond comparing the document with the newest when `fromBase` does not tell, and
    ///   estimating its bytes when `documentBytes` is nil.
    mutating func record(
        _ request: ScreenRequest, _ built: ScreenDocument, documentBytes: Int? = nil,
        readsBytes: @autoclosure () -> Int, storeRevision: Int64, fromBase: ScreenChangeset?
    ) -> Recorded {
        useCounter += 1
        // Taken out while it changes, so that its history is not copied on write.
        let kept = entries.removeValue(forKey: request)
        bytes -= kept?.bytes ?? 0
        var entry = kept ?? Entry()
        defer {
            bytes += entry.bytes
            entries[request] = entry
        }
        entry.lastUse = useCounter
        entry.gone = nil
        if let current = entry.current, storeRevision < entry.builtAt {
            // An older read finishing late: answer it, but keep the newer document.
            let answer = current.showsTheSame(as: built) ? current : built
            return Recorded(document: answer, isNewest: false, isNew: false)
        }
        entry.readsBytes = readsBytes()
        entry.builtAt = storeRevision
        // The rebuild's changeset from the current document tells whether anything changed, unless another
        // build replaced that document meanwhile.
        let change = fromBase.flatMap { $0.from == entry.current?.revision ? $0 : nil }
        var document = built
        if let current = entry.current {
            if change?.isEmpty ?? current.showsTheSame(as: document) {
                return Recorded(document: current, isNewest: true, isNew: false)
            }
            if current.revision == document.revision {
                // Same store revision, other content (a rebuild after a catalogue change): a new name.
                document.revision += "." + String(useCounter)
            }
        }
        entry.latestChange = change.map { change in
            var named = change
            named.revision = document.revision
            return named
        }
        entry.history.append(document)
        entry.historyBytes.append(documentBytes ?? document.estimatedByteCount)
        var retired: ScreenDocument?
        if entry.history.count > Self.historyLength {
            retired = entry.history.removeFirst()
            entry.historyBytes.removeFirst()
        }
        return Recorded(
            document: document, isNewest: true, isNew: true, change: entry.latestChange, retired: retired)
    }

    /// Keeps `document`, an older document of `request` that another instance sent to a stream now
    /// resuming here, as the oldest of its history, so that the stream is sent the changes since. Nothing
    /// changes when the entry is not kept or already holds that revision.
    mutating func adopt(_ document: ScreenDocument, for request: ScreenRequest) {
        guard var entry = entries.removeValue(forKey: request) else { return }
        bytes -= entry.bytes
        defer {
            bytes += entry.bytes
            entries[request] = entry
        }
        guard !entry.history.contains(where: { $0.revision == document.revision }) else { return }
        if entry.history.count >= Self.historyLength {
            entry.history.removeFirst()
            entry.historyBytes.removeFirst()
        }
        entry.history.insert(document, at: 0)
        entry.historyBytes.insert(document.estimatedByteCount, at: 0)
    }

    /// Notes that `request` could not be built: an entry without subscribers is dropped; one whose habit or
    /// user no longer exists is kept as gone, for its subscribers to be told.
    mutating func recordFailure(_ request: ScreenRequest, _ error: HabitsError) -> Failure {
        useCounter += 1
        guard let entry = entries[request], entry.subscriberCount > 0 else {
            drop(request)
            return .dropped
        }
        entries[request]?.lastUse = useCounter
        guard case .notFound = error else { return .kept }
        entries[request]?.gone = error
        return .gone
    }

    /// Drops `request`'s entry.
    mutating func drop(_ request: ScreenRequest) {
        guard let entry = entries.removeValue(forKey: request) else { return }
        if entry.subscriberCount > 0 { liveEntryCount -= 1 }
        bytes -= entry.bytes
    }

    /// Drops idle entries, least recently used first, until the total is an eighth below the budget, so that
    /// the next sweep is many requests away. The answer is what was dropped, for the hub's other parts.
    ///
    /// - Complexity: O(1) while within the budget, then O(n log n) for the n entries, amortised over the
    ///   requests that fill the eighth again.
    mutating func evictPastBudget() -> [ScreenRequest] {
        guard bytes > byteBudget, entries.count > liveEntryCount else { return [] }
        var idle: [(request: ScreenRequest, lastUse: UInt64)] = []
        idle.reserveCapacity(entries.count - liveEntryCount)
        for (request, entry) in entries where entry.subscriberCount == 0 { idle.append((request, entry.lastUse)) }
        idle.sort { $0.lastUse < $1.lastUse }
        let target = byteBudget - byteBudget / 8
        var dropped: [ScreenRequest] = []
        for candidate in idle {
            guard bytes > target else { break }
            drop(candidate.request)
            dropped.append(candidate.request)
        }
        return dropped
    }

    /// The event that takes a client from `revision` to `current`: the changes from that revision while it
    /// is held, else the document.
    ///
    /// - Complexity: O(h) for the h documents of history.
    func event(for request: ScreenRequest, from revision: String, to current: ScreenDocument) -> PendingScreenEvent {
        guard let old = entries[request]?.history.last(where: { $0.revision == revision }) else {
            return .document(current)
        }
        return .changes(from: old, to: current)
    }

    /// The event that takes a subscriber of `request` from `sentRevision` (nil: nothing sent yet) to the
    /// newest document, or nil when it has that document. The changeset itself is computed by the caller
    /// (`PendingScreenEvent.resolved()`), so subscribers diff in parallel.
    ///
    /// - Complexity: O(h) for the h documents of history.
    func nextEvent(for request: ScreenRequest, after sentRevision: String?) -> PendingScreenEvent? {
        guard let entry = entries[request], let current = entry.current else { return nil }
        if let gone = entry.gone { return .gone(gone) }
        guard sentRevision != current.revision else { return nil }
        if let latestChange = entry.latestChange, latestChange.from == sentRevision,
            latestChange.revision == current.revision
        {
            return .ready(latestChange)
        }
        guard let sentRevision else { return .document(current) }
        return event(for: request, from: sentRevision, to: current)
    }

    /// The byte total counted again from every entry: equal to `bytes` unless the count is wrong.
    ///
    /// - Complexity: O(n) for the n entries.
    func recountedBytes() -> Int { entries.values.reduce(0) { $0 + $1.bytes } }
}
