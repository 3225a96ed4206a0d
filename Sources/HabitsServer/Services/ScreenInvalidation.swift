import HabitsScreens
import HabitsStore

/// What each kept document read, and what a committed change asks of them: a rebuild of each document it
/// affects, a recheck of each whose users' ranks (and, on Home, habits' rankings) alone may have moved,
/// nothing of the rest.
///
/// The reads are filed in a `ScreenReadIndex` by the users and habits they name, so that a change is tested
/// only against the documents that read one of its users or habits (every one for a catalogue change).
struct ScreenInvalidation {
    /// A document's reads, shared rather than copied: every change is tested against every candidate, and
    /// copying the reads' many sets for each test cost more than the test.
    final class Reads: Sendable {
        let dependencies: ScreenDependencies

        init(_ dependencies: ScreenDependencies) { self.dependencies = dependencies }
    }

    /// What a change asks of one document.
    enum Action {
        /// Build it again.
        case rebuild
        /// Ask its ranks again and build the items showing the rankings of `rankings` again, and every line of
        /// a followed user when `lines` is not empty; these reads vouch for the rest of the document while the
        /// ranks stay.
        case recheck(vouchedBy: Reads, rankings: Set<Int64>, lines: Set<Int64>)
    }

    /// A filed document: its request and what it read.
    private struct Filed {
        var request: ScreenRequest
        var reads: Reads
    }

    // Each filed request has a slot, a small integer: the index files slots, so that a change's candidates
    // (thousands of documents for a popular person) are gathered by hashing integers, not requests.
    private var index = ScreenReadIndex<Int>()
    private var slots: [ScreenRequest: Int] = [:]
    private var filed: [Filed?] = []
    private var freeSlots: [Int] = []

    /// How many documents' reads are filed.
    var count: Int { slots.count }

    /// What the newest document of `request` read, while it is filed.
    func reads(of request: ScreenRequest) -> ScreenDependencies? {
        slots[request].flatMap { filed[$0]?.reads.dependencies }
    }

    /// Files what the newest document of `request` read, in place of what the one before read.
    ///
    /// - Complexity: O(u + h) for the users and habits the old and new reads name.
    mutating func file(_ request: ScreenRequest, reads dependencies: ScreenDependencies) {
        file(request, reads: dependencies, names: ScreenReadNames(dependencies))
    }

    /// Files what the newest document of `request` read, with the users and habits they name gathered
    /// beforehand (where the document was built, off the hub's actor).
    ///
    /// - Complexity: O(u + h) for the users and habits the old and new reads name.
    mutating func file(_ request: ScreenRequest, reads dependencies: ScreenDependencies, names: ScreenReadNames) {
        let slot: Int
        if let known = slots[request] {
            slot = known
        } else if let free = freeSlots.popLast() {
            slot = free
            slots[request] = slot
        } else {
            slot = filed.count
            filed.append(nil)
            slots[request] = slot
        }
        filed[slot] = Filed(request: request, reads: Reads(dependencies))
        index.file(slot, names: names)
    }

    /// Takes `request`'s reads out.
    ///
    /// - Complexity: O(u + h) for the users and habits its reads named.
    mutating func remove(_ request: ScreenRequest) {
        guard let slot = slots.removeValue(forKey: request) else { return }
        filed[slot] = nil
        freeSlots.append(slot)
        index.remove(slot)
    }

    /// What `change` asks of the filed documents that `isWatched` says are rebuilt on a change; the others,
    /// and those it does not affect, are left out.
    ///
    /// - Complexity: O(c × t) for the c documents whose reads name the change's users or habits (every one
    ///   for a catalogue change) and the t cost of testing one (`ScreenDependencies.impact(of:)`).
    func actions(
        for change: StoreChange, isWatched: (ScreenRequest) -> Bool
    ) -> [(request: ScreenRequest, action: Action)] {
        var actions: [(request: ScreenRequest, action: Action)] = []
        func test(_ request: ScreenRequest, _ filed: Reads) {
            // The reads first: a candidate they rule out is dropped without hashing its request.
            let impact = filed.dependencies.impact(of: change)
            guard impact != .unaffected, isWatched(request) else { return }
            if let action = Self.action(for: impact, of: request.screen, vouchedBy: filed) {
                actions.append((request, action))
            }
        }
        if let candidates = index.candidates(for: change) {
            for slot in candidates {
                if let entry = filed[slot] { test(entry.request, entry.reads) }
            }
        } else {
            for case let entry? in filed { test(entry.request, entry.reads) }
        }
        return actions
    }

    /// What a change of `impact` asks of a document of `screen` that read `reads`; nil for nothing.
    /// The reads are passed on shared: a change that rechecks thousands of Homes copies none of them.
    static func action(for impact: ScreenImpact, of screen: ScreenName, vouchedBy reads: Reads) -> Action? {
        switch impact {
        case .unaffected: return nil
        case .affected: return .rebuild
        case .recheck: return .recheck(vouchedBy: reads, rankings: [], lines: [])
        case .rerank(let rankings):
            // Only a screen whose items showing rankings a patch can build again is rechecked for them.
            guard ScreenPatch.rebuildsRankings(of: screen) else { return .rebuild }
            return .recheck(vouchedBy: reads, rankings: rankings, lines: [])
        case .reline(let users, let rankings):
            guard ScreenPatch.rebuildsRankings(of: screen) else { return .rebuild }
            return .recheck(vouchedBy: reads, rankings: rankings, lines: users)
        }
    }
}
