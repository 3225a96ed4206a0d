import HabitsDomain
import HabitsScreens
import HabitsStore
import Prometheus

/// What the hub builds: a job per screen, and its outcome.
extension ScreenHub {
    /// The outcome of building one screen.
    enum BuildResult: Sendable {
        case built(BuiltScreen)
        case failed(HabitsError)
    }

    /// A built document with what the hub keeps of it, measured where it was built: the hub's actor, which
    /// records every document of a change one after the other, then only files them.
    struct BuiltScreen: Sendable {
        var document: ScreenDocument
        var dependencies: ScreenDependencies
        var storeRevision: Int64
        /// The changeset from the job's base when there was one (`nil` when they could not be diffed, empty
        /// when they are the same).
        var fromBase: ScreenChangeset?
        /// `document.estimatedByteCount`.
        var documentBytes: Int
        /// `dependencies.estimatedByteCount`.
        var readsBytes: Int
        /// What the read index files the document under.
        var names: ScreenReadNames

        /// `documentBytes` is `document.estimatedByteCount` when the caller knows it already (a patch counts
        /// only what it wrote again).
        ///
        /// - Complexity: O(n + r) for the n strings, items and actions of the document and its r reads.
        init(
            _ document: ScreenDocument, _ dependencies: ScreenDependencies, storeRevision: Int64,
            fromBase: ScreenChangeset? = nil, documentBytes: Int? = nil
        ) {
            self.document = document
            self.dependencies = dependencies
            self.storeRevision = storeRevision
            self.fromBase = fromBase
            self.documentBytes = documentBytes ?? document.estimatedByteCount
            readsBytes = dependencies.estimatedByteCount
            names = ScreenReadNames(dependencies)
        }
    }

    /// A screen to build, or to recheck: a document its reads vouch for while their users' ranks stay.
    struct BuildJob: Sendable {
        var request: ScreenRequest
        /// The live document it replaces: the rebuild diffs against it in parallel, so that the hub and its
        /// subscribers need not.
        var base: ScreenDocument?
        /// `base.estimatedByteCount`, as the hub counted it when it was recorded.
        var baseBytes: Int?
        /// For a recheck: the reads that vouch for `base` while their users' ranks stay.
        var vouchedReads: ScreenDependencies? { vouched?.dependencies }
        /// `vouchedReads`, shared: a job is copied into its batch, its half and its build, and the reads' many
        /// sets would be retained and released at each copy.
        var vouched: ScreenInvalidation.Reads?
        /// For a recheck: the habits whose rankings the change may have altered, whose items are built again.
        var rankings: Set<Int64>
        /// For a recheck: the followed users whose logged habits may have changed, for which every line of a
        /// Home is written again (`ScreenImpact.reline`).
        var relined: Set<Int64>
        /// For a recheck: the habits whose counts the changes that asked for it list, the only ones whose users'
        /// ranks may have moved since `base` (`ScreenDependencies.reranked(in:changedHabits:)`): every other
        /// change since was tested against `vouchedReads` and moved no rank they read. Nil: any habit.
        var changedHabits: Set<Int64>?
        /// For a recheck: the revision of the change that vouches for those reads. A snapshot past it holds
        /// writes whose changes the hub has not yet taken, which may have changed any other read.
        var vouchedAt: Int64

        init(
            request: ScreenRequest, base: ScreenDocument? = nil, baseBytes: Int? = nil,
            vouchedReads: ScreenDependencies? = nil, vouched: ScreenInvalidation.Reads? = nil,
            rankings: Set<Int64> = [], relined: Set<Int64> = [], changedHabits: Set<Int64>? = nil,
            vouchedAt: Int64 = 0
        ) {
            self.request = request
            self.base = base
            self.baseBytes = baseBytes
            self.vouched = vouched ?? vouchedReads.map(ScreenInvalidation.Reads.init)
            self.rankings = rankings
            self.relined = relined
            self.changedHabits = changedHabits
            self.vouchedAt = vouchedAt
        }

        /// The document and the reads to recheck in a snapshot at `revision`, nil when the job must be built:
        /// a recheck is made only at the revision of the change that asked for it.
        func recheck(at revision: Int64) -> (document: ScreenDocument, reads: ScreenDependencies)? {
            guard let base, let vouchedReads, revision <= vouchedAt else { return nil }
            return (base, vouchedReads)
        }

        /// Whether a snapshot at `revision` holds writes the recheck's change does not vouch for.
        func isLate(at revision: Int64) -> Bool { base != nil && vouched != nil && revision > vouchedAt }

        /// The job once `later`, the commits after the one that vouches for it, is taken into account, as if
        /// the hub had taken them before the build (`ScreenHub.joining`): still a recheck, vouched for at
        /// `later`'s revision, when they leave every read but ranks (and, on Home, rankings) as it was;
        /// else a rebuild. The answer is whether it became a rebuild.
        ///
        /// - Complexity: the cost of testing the reads against `later` (`ScreenDependencies.impact(of:)`).
        mutating func catchUp(with later: StoreChange) -> Bool {
            guard let reads = vouched else { return false }
            let impact = reads.dependencies.impact(of: later)
            switch ScreenInvalidation.action(for: impact, of: request.screen, vouchedBy: reads) {
            case nil: break
            case .rebuild?:
                vouched = nil
                rankings = []
                relined = []
                changedHabits = nil
                return true
            case .recheck(_, let moreRankings, let moreLines)?:
                rankings.formUnion(moreRankings)
                relined.formUnion(moreLines)
                changedHabits = changedHabits?.union(later.countedHabits)
            }
            vouchedAt = later.revision
            return false
        }
    }

    /// `jobs` for a snapshot at `revision`, with each recheck that the snapshot is past caught up with the
    /// commits the hub has not taken yet (`BuildJob.catchUp(with:)`), when `peekPending` answers them up to
    /// that revision at least; else the rechecks stay late, and rebuild. The answer keeps the jobs' indices.
    ///
    /// A hub that finds a change's jobs while writes go on opens its snapshots past that change: without
    /// this, a third of the rechecks at 5,000 streams were rebuilt, each costing about four patches.
    ///
    /// - Complexity: O(j) for the j jobs, plus testing each late one against the pending change.
    static func caughtUp(
        _ jobs: ArraySlice<BuildJob>, to revision: Int64, peekingPending peekPending: () -> StoreChange?,
        metrics: ServerMetrics
    ) -> ArraySlice<BuildJob> {
        guard jobs.contains(where: { $0.isLate(at: revision) }) else { return jobs }
        // Publishing follows each commit in revision order: a pending change at the snapshot's revision or
        // later holds every commit the snapshot shows and the hub has not taken.
        guard let pending = peekPending(), pending.revision >= revision else { return jobs }
        var caught = jobs
        var rebuilt = 0
        for index in caught.indices where caught[index].isLate(at: revision) {
            if caught[index].catchUp(with: pending) { rebuilt += 1 }
        }
        if rebuilt > 0 { metrics.screenRebuilds.increment(by: Int64(rebuilt)) }
        return caught
    }
}
