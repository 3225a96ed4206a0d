import Foundation
import HabitsStore
import Testing

@testable import HabitsScreens
@testable import HabitsServer

/// What a change asks of the filed documents, on its own: a rebuild, a recheck, or nothing.
@Suite struct ScreenInvalidationTests {
    static let run: Int64 = 10
    /// Reads a viewer's counts (user 1).
    static let counts = ScreenRequest(screen: .home, viewerID: 1)
    /// Reads a followed person's rank of Run (user 2, rank 3 at a count of 5) without their count.
    static let rank = ScreenRequest(screen: .home, viewerID: 2)
    /// Reads Run's top list, whose lowest count is 20.
    static let top = ScreenRequest(screen: .habit, viewerID: 3, habitID: run)

    static func invalidation() -> ScreenInvalidation {
        var invalidation = ScreenInvalidation()
        var counts = ScreenDependencies()
        counts.countsOf = [1]
        invalidation.file(Self.counts, reads: counts)
        var rank = ScreenDependencies()
        rank.userRanks[ScreenDependencies.Pair(userID: 2, habitID: run)] = .init(count: 5, rank: 3)
        invalidation.file(Self.rank, reads: rank)
        var top = ScreenDependencies()
        top.rankingThresholds[run] = 20
        invalidation.file(Self.top, reads: top)
        return invalidation
    }

    /// What each request is asked, by name.
    static func actions(
        _ change: StoreChange, in invalidation: ScreenInvalidation,
        watched: Set<ScreenRequest> = [counts, rank, top]
    ) -> [ScreenRequest: String] {
        var named: [ScreenRequest: String] = [:]
        for (request, action) in invalidation.actions(for: change, isWatched: { watched.contains($0) }) {
            switch action {
            case .rebuild: named[request] = "rebuild"
            case .recheck: named[request] = "recheck"
            }
        }
        return named
    }

    static func log(user: Int64, from before: Int, to after: Int) -> StoreChange {
        StoreChange(revision: 2, counts: [CountChange(userID: user, habitID: run, before: before, after: after)])
    }

    @Test func aChangeToACountReadRebuilds() {
        #expect(Self.actions(Self.log(user: 1, from: 0, to: 1), in: Self.invalidation()) == [Self.counts: "rebuild"])
    }

    @Test func aCountCrossingARankReadWithoutItsCountRechecks() {
        let invalidation = Self.invalidation()
        #expect(Self.actions(Self.log(user: 4, from: 4, to: 6), in: invalidation) == [Self.rank: "recheck"])
        // The ranked person's own count.
        #expect(Self.actions(Self.log(user: 2, from: 5, to: 6), in: invalidation) == [Self.rank: "recheck"])
    }

    @Test func aChangeFarFromEveryReadAsksNothing() {
        let invalidation = Self.invalidation()
        // Above the rank's count and below the top list's lowest.
        #expect(Self.actions(Self.log(user: 4, from: 6, to: 7), in: invalidation).isEmpty)
        #expect(Self.actions(StoreChange(revision: 2, favoritesOf: [9]), in: invalidation).isEmpty)
        #expect(Self.actions(StoreChange(revision: 2, programs: true), in: invalidation).isEmpty)
    }

    @Test func aCountReachingTheTopListRebuildsIt() {
        #expect(Self.actions(Self.log(user: 4, from: 19, to: 21), in: Self.invalidation()) == [Self.top: "rebuild"])
    }

    /// Home's top lists are its cards', which a recheck builds again alone; any other screen is rebuilt.
    @Test func aCountReachingAHomesTopListRechecksItsCard() {
        var invalidation = Self.invalidation()
        let card = ScreenRequest(screen: .home, viewerID: 5)
        var reads = ScreenDependencies()
        reads.rankingThresholds[Self.run] = 20
        invalidation.file(card, reads: reads)
        let reaching = Self.log(user: 4, from: 19, to: 21)
        #expect(
            Self.actions(reaching, in: invalidation, watched: [card, Self.top])
                == [card: "recheck", Self.top: "rebuild"])
        let recheck = invalidation.actions(for: reaching) { $0 == card }
        guard case .recheck(_, let rankings, _) = recheck.first?.action else {
            Issue.record("no recheck: \(recheck)")
            return
        }
        #expect(rankings == [Self.run])
        #expect(Self.actions(Self.log(user: 4, from: 10, to: 12), in: invalidation, watched: [card]).isEmpty)
    }

    @Test func aCatalogueChangeRebuildsEveryWatchedDocument() {
        let invalidation = Self.invalidation()
        let catalogue = StoreChange(revision: 2, catalogue: true)
        #expect(
            Self.actions(catalogue, in: invalidation)
                == [Self.counts: "rebuild", Self.rank: "rebuild", Self.top: "rebuild"])
        #expect(Self.actions(catalogue, in: invalidation, watched: [Self.top]) == [Self.top: "rebuild"])
    }

    @Test func onlyWatchedAndFiledDocumentsAreAsked() {
        var invalidation = Self.invalidation()
        let change = Self.log(user: 1, from: 0, to: 1)
        #expect(Self.actions(change, in: invalidation, watched: [Self.rank, Self.top]).isEmpty)
        invalidation.remove(Self.counts)
        #expect(invalidation.count == 2)
        #expect(invalidation.reads(of: Self.counts) == nil)
        #expect(Self.actions(change, in: invalidation).isEmpty)
        // Filed again with other reads, it is asked by those.
        var favourites = ScreenDependencies()
        favourites.favoritesOf = [1]
        invalidation.file(Self.counts, reads: favourites)
        #expect(Self.actions(change, in: invalidation).isEmpty)
        #expect(
            Self.actions(StoreChange(revision: 3, favoritesOf: [1]), in: invalidation) == [Self.counts: "rebuild"])
    }

    /// A removed document's place is taken by the next one filed: the newcomer is asked by its own reads,
    /// never by the reads of the one it replaced, and the others keep theirs.
    @Test func aNewDocumentInARemovedOnesPlaceIsAskedByItsOwnReads() {
        var invalidation = Self.invalidation()
        invalidation.remove(Self.counts)
        let newcomer = ScreenRequest(screen: .today, viewerID: 4)
        var favourites = ScreenDependencies()
        favourites.favoritesOf = [4]
        invalidation.file(newcomer, reads: favourites)
        let watched: Set<ScreenRequest> = [Self.counts, Self.rank, Self.top, newcomer]
        #expect(invalidation.count == 3)
        #expect(Self.actions(Self.log(user: 1, from: 0, to: 1), in: invalidation, watched: watched).isEmpty)
        #expect(
            Self.actions(StoreChange(revision: 3, favoritesOf: [4]), in: invalidation, watched: watched)
                == [newcomer: "rebuild"])
        #expect(
            Self.actions(StoreChange(revision: 4, catalogue: true), in: invalidation, watched: watched).keys.sorted {
                $0.viewerID < $1.viewerID
            } == [Self.rank, Self.top, newcomer])
    }
}
