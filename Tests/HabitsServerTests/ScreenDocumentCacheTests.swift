import Foundation
import HabitsDomain
import HabitsScreens
import Testing

@testable import HabitsServer

/// The hub's documents on their own: history, naming, failures and the byte budget, without a store.
@Suite struct ScreenDocumentCacheTests {
    static let home = ScreenRequest(screen: .home, viewerID: 1)

    /// A document whose content is `title`, at `revision`.
    static func document(_ title: String, revision: Int) -> ScreenDocument {
        ScreenDocument(screen: .home, title: title, revision: String(revision), sections: [])
    }

    /// Records `title` as built at store revision `revision`.
    @discardableResult
    static func record(
        _ title: String, revision: Int, for request: ScreenRequest = home, in cache: inout ScreenDocumentCache
    ) -> ScreenDocumentCache.Recorded {
        cache.record(
            request, document(title, revision: revision), readsBytes: 100, storeRevision: Int64(revision),
            fromBase: nil)
    }

    @Test func theHistoryKeepsTheLastSixteenDocuments() {
        var cache = ScreenDocumentCache(byteBudget: .max)
        var retired: [String] = []
        for revision in 1...20 {
            if let old = Self.record("Home \(revision)", revision: revision, in: &cache).retired {
                retired.append(old.revision)
            }
        }
        // Each document that falls out is handed back, for the hub to free off its actor.
        #expect(retired == ["1", "2", "3", "4"])
        let entry = cache[Self.home]
        #expect(entry?.history.count == ScreenDocumentCache.historyLength)
        #expect(entry?.history.first?.revision == "5")
        #expect(entry?.current?.revision == "20")
        let current = Self.document("Home 20", revision: 20)
        guard case .changes = cache.event(for: Self.home, from: "10", to: current) else {
            Issue.record("a held revision gets the changes")
            return
        }
        guard case .document = cache.event(for: Self.home, from: "4", to: current) else {
            Issue.record("a revision no longer held gets the document")
            return
        }
        #expect(cache.bytes == cache.recountedBytes())
    }

    @Test func theSameContentKeepsItsRevisionAndALateReadIsNotKept() {
        var cache = ScreenDocumentCache(byteBudget: .max)
        #expect(Self.record("Home", revision: 3, in: &cache).isNew)
        let same = Self.record("Home", revision: 4, in: &cache)
        #expect(!same.isNew && same.isNewest)
        #expect(same.document.revision == "3")
        let late = Self.record("Older", revision: 2, in: &cache)
        #expect(!late.isNewest && !late.isNew)
        #expect(late.document.title == "Older")
        #expect(cache[Self.home]?.current?.title == "Home")
        // Other content at the same store revision (a rebuild after a catalogue change) gets a new name.
        let renamed = Self.record("Home again", revision: 5, in: &cache)
        #expect(renamed.document.revision == "5")
        let again = Self.record("Home once more", revision: 5, in: &cache)
        #expect(again.isNew)
        #expect(again.document.revision.hasPrefix("5."))
        #expect(cache[Self.home]?.history.map(\.title) == ["Home", "Home again", "Home once more"])
    }

    @Test func aSubscriberGetsTheDocumentThenNothingThenTheChange() {
        var cache = ScreenDocumentCache(byteBudget: .max)
        cache.addSubscriber(to: Self.home)
        #expect(cache.nextEvent(for: Self.home, after: nil) == nil, "no document yet")
        Self.record("Home", revision: 1, in: &cache)
        guard case .document(let first) = cache.nextEvent(for: Self.home, after: nil) else {
            Issue.record("the first event is the document")
            return
        }
        #expect(cache.nextEvent(for: Self.home, after: first.revision) == nil)
        let second = Self.document("Home, later", revision: 2)
        let change = try? second.changeset(from: first)
        _ = cache.record(Self.home, second, readsBytes: 100, storeRevision: 2, fromBase: change)
        guard case .ready(let ready) = cache.nextEvent(for: Self.home, after: first.revision) else {
            Issue.record("a subscriber one revision behind gets the rebuild's change")
            return
        }
        #expect(ready.from == "1" && ready.revision == "2")
    }

    @Test func aFailureDropsAnIdleEntryAndMarksASubscribedOneGone() {
        var cache = ScreenDocumentCache(byteBudget: .max)
        let gone = HabitsError.notFound(kind: .screen, id: "home")
        Self.record("Home", revision: 1, in: &cache)
        #expect(cache.recordFailure(Self.home, gone) == .dropped)
        #expect(!cache.holds(Self.home) && cache.bytes == 0)

        cache.addSubscriber(to: Self.home)
        Self.record("Home", revision: 1, in: &cache)
        #expect(cache.recordFailure(Self.home, .unavailable(reason: "busy")) == .kept)
        #expect(cache.isWatched(Self.home))
        #expect(cache.recordFailure(Self.home, gone) == .gone)
        #expect(!cache.isWatched(Self.home))
        guard case .gone = cache.nextEvent(for: Self.home, after: "1") else {
            Issue.record("a gone screen tells its subscribers")
            return
        }
        // Its last subscriber gone, nothing of it is kept.
        let dropped = cache.removeSubscriber(from: Self.home)
        #expect(dropped)
        #expect(!cache.holds(Self.home) && cache.liveEntryCount == 0 && cache.bytes == 0)
    }

    @Test func pastTheBudgetTheLeastRecentlyUsedIdleEntriesGoFirst() throws {
        let requests = (1...10).map { ScreenRequest(screen: .home, viewerID: Int64($0)) }
        var probe = ScreenDocumentCache(byteBudget: .max)
        Self.record("Home", revision: 1, for: requests[0], in: &probe)
        let entryBytes = probe.bytes
        // Room for four entries; the first is subscribed, so it stays whatever it costs.
        var cache = ScreenDocumentCache(byteBudget: entryBytes * 4)
        cache.addSubscriber(to: requests[0])
        var dropped: [ScreenRequest] = []
        for request in requests {
            Self.record("Home", revision: 1, for: request, in: &cache)
            dropped += cache.evictPastBudget()
            #expect(cache.bytes <= cache.byteBudget)
            #expect(cache.bytes == cache.recountedBytes())
        }
        #expect(cache.holds(requests[0]), "an entry with subscribers is never dropped")
        #expect(!dropped.contains(requests[0]))
        // What is left is the subscribed entry and the most recently used idle ones.
        let kept = requests.filter { cache.holds($0) }
        #expect(kept.count == cache.count)
        #expect(Array(kept.dropFirst()) == Array(requests.suffix(kept.count - 1)))
        #expect(dropped == requests.dropFirst().prefix(dropped.count).map { $0 })
        #expect(cache.liveEntryCount == 1)
    }

    @Test func historyCountsAgainstTheBudget() {
        var one = ScreenDocumentCache(byteBudget: .max)
        Self.record("Home 1", revision: 1, in: &one)
        var many = ScreenDocumentCache(byteBudget: .max)
        for revision in 1...40 { Self.record("Home \(revision)", revision: revision, in: &many) }
        // The last sixteen documents count, the ones before them no more.
        let held = (25...40).map { Self.document("Home \($0)", revision: $0).estimatedByteCount }
        #expect(many.bytes == ScreenDocumentCache.entryOverhead + 100 + held.reduce(0, +))
        #expect(many.bytes > one.bytes)
        // A budget below one entry's history drops the whole idle entry.
        var small = ScreenDocumentCache(byteBudget: many.bytes - 1)
        for revision in 1...40 { Self.record("Home \(revision)", revision: revision, in: &small) }
        let evicted = small.evictPastBudget()
        #expect(evicted == [Self.home])
        #expect(small.count == 0 && small.bytes == 0)
    }
}
