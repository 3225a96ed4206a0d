import HabitsDomain
import HabitsScreens
import HabitsStore

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

        /// - Complexity: O(n + r) for the n strings, items and actions of the document and its r reads.
        init(
            _ document: ScreenDocument, _ dependencies: ScreenDependencies, storeRevision: Int64,
            fromBase: ScreenChangeset? = nil
        ) {
            self.document = document
            self.dependencies = dependencies
            self.storeRevision = storeRevision
            self.fromBase = fromBase
            documentBytes = document.estimatedByteCount
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
        /// For a recheck: the reads that vouch for `base` while their users' ranks stay.
        var vouchedReads: ScreenDependencies?
        /// For a recheck: the habits whose rankings the change may have altered, whose items are built again.
        var rankings: Set<Int64>
        /// For a recheck: the habits whose counts the changes that asked for it list, the only ones whose users'
        /// ranks may have moved since `base` (`ScreenDependencies.reranked(in:changedHabits:)`): every other
        /// change since was tested against `vouchedReads` and moved no rank they read. Nil: any habit.
        var changedHabits: Set<Int64>?
        /// For a recheck: the revision of the change that vouches for those reads. A snapshot past it holds
        /// writes whose changes the hub has not yet taken, which may have changed any other read.
        var vouchedAt: Int64

        init(
            request: ScreenRequest, base: ScreenDocument? = nil, vouchedReads: ScreenDependencies? = nil,
            rankings: Set<Int64> = [], changedHabits: Set<Int64>? = nil, vouchedAt: Int64 = 0
        ) {
            self.request = request
            self.base = base
            self.vouchedReads = vouchedReads
            self.rankings = rankings
            self.changedHabits = changedHabits
            self.vouchedAt = vouchedAt
        }

        /// The document and the reads to recheck in a snapshot at `revision`, nil when the job must be built:
        /// a recheck is made only at the revision of the change that asked for it.
        func recheck(at revision: Int64) -> (document: ScreenDocument, reads: ScreenDependencies)? {
            guard let base, let vouchedReads, revision <= vouchedAt else { return nil }
            return (base, vouchedReads)
        }
    }
}
