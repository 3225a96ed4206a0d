import Foundation
import HabitsDomain
import HabitsScreens
import HabitsStore
import Logging
import Prometheus

/// The screens the server keeps current: per screen and viewer, the latest documents and what they read.
///
/// Writers never wait for it: commits reach it through the store's merging change feed. A change is
/// tested against each live document's recorded reads, only affected documents are rebuilt (all in one
/// read transaction), and their subscribers are woken. A subscriber pulls its next event itself, so a
/// slow one holds nothing up: it receives the change from its own revision to the newest, or the
/// document when that revision is no longer held. The wake carries the change the rebuild made, so that
/// a subscriber one revision behind, the usual case, sends it without asking the hub again.
///
/// Its state is in parts, each a value it owns, so that the state is shared through one actor and each
/// part is tested on its own: the documents and their byte budget (`ScreenDocumentCache`), who waits on
/// which screen (`ScreenSubscriptions`), what each document read and what a change asks of it
/// (`ScreenInvalidation`), and the days that end at a viewer's midnight (`DayClock`). The hub keeps the
/// flow: build, record (which updates every part), wake, follow the store and the clock.
actor ScreenHub {
    /// Documents kept per screen, for `changes?since=` and resuming streams.
    static let historyLength = ScreenDocumentCache.historyLength
    /// The default byte budget: 256 MiB.
    static let defaultByteBudget = ScreenDocumentCache.defaultByteBudget

    let store: any ScreenStore
    let metrics: ServerMetrics
    let logger: Logger
    /// The server's clock: what "today" is on the streak calendar.
    let clock: @Sendable () -> Date
    /// The longest the clock goes unwatched (ScreenHub+Clock.swift).
    let clockCheckInterval: Duration
    // Internal rather than private: the hub's extensions in other files keep them.
    var cache: ScreenDocumentCache
    var subscriptions = ScreenSubscriptions(slotCount: ScreenHub.keepAliveSlots)
    var invalidation = ScreenInvalidation()
    /// When the day ends that the newest document of each watched entry showing a "today" was built for.
    var dayClock = DayClock<ScreenRequest>()
    /// The newest revision `run` has taken a change of, so that a subscription opened meanwhile can tell
    /// whether its first document is already behind.
    var lastChangeRevision: Int64 = 0
    /// Documents that fell out of their history during a rebuild, freed after it off the actor
    /// (`freeRetired`).
    var retiring: [ScreenDocument] = []

    /// The most bytes the entries may hold before idle ones are dropped.
    var byteBudget: Int { cache.byteBudget }

    init(
        store: any ScreenStore, metrics: ServerMetrics, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }, byteBudget: Int = ScreenHub.defaultByteBudget,
        clockCheckInterval: Duration = .seconds(30)
    ) {
        self.store = store
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.cache = ScreenDocumentCache(byteBudget: byteBudget)
        self.clockCheckInterval = clockCheckInterval
        metrics.screenCacheBudget.set(Int64(byteBudget))
    }

    // MARK: Reading

    /// The current document of `request`.
    func document(for request: ScreenRequest) async throws -> ScreenDocument {
        let built = try await build([request])
        guard let result = built.first else { throw HabitsError.unavailable(reason: "The screen was not built.") }
        // One document at most falls out here: freed on the actor, not worth a task.
        defer { retiring.removeAll() }
        return try record(request, result)
    }

    /// The changes from `revision` to the current document, or the document when `revision` is unknown.
    func changes(for request: ScreenRequest, since revision: String) async throws -> PendingScreenEvent {
        let current = try await document(for: request)
        await adoptHandoff(request, revision: revision)
        return event(for: request, from: revision, to: current)
    }

    // MARK: Following the store

    /// Follows committed changes until cancelled: rebuilds the live documents they affect.
    func run() async {
        let changes = store.storeChanges()
        for await change in changes {
            await follow(change, takingPending: changes.takePending, peekingPending: { changes.peekPending() })
        }
    }

    /// How many times `follow` takes in commits that came while it was finding a change's jobs.
    static let catchUpRounds = 3

    /// Rebuilds the live documents `change` affects: what `run` does with each change it takes.
    ///
    /// Commits that came while the jobs were being found (`takePending`) join them before the build. Else the
    /// build's snapshot would be past the change, and every recheck would have to rebuild
    /// (`BuildJob.recheck(at:)`): a hub with many screens, slow to find its jobs, would fall further behind.
    /// Commits that land after that, before the build's snapshot opens, are read from `peekPending` without
    /// taking them (`ScreenHub.caughtUp`, `BuildJob.catchUp(with:)`).
    func follow(
        _ change: StoreChange, takingPending takePending: () -> StoreChange? = { nil },
        peekingPending peekPending: @escaping @Sendable () -> StoreChange? = { nil }
    ) async {
        var jobs = buildJobs(for: change)
        var revision = change.revision
        for _ in 0..<Self.catchUpRounds {
            guard let later = takePending() else { break }
            jobs = Self.joining(jobs, buildJobs(for: later), at: later.revision)
            // A feed may publish a commit after a later one (`StoreChangeFeed.publishesInRevisionOrder`).
            revision = max(revision, later.revision)
        }
        lastChangeRevision = max(lastChangeRevision, revision)
        let rechecks = jobs.count { $0.vouched != nil }
        metrics.screenRechecks.increment(by: Int64(rechecks))
        metrics.screenRebuilds.increment(by: Int64(jobs.count - rechecks))
        guard !jobs.isEmpty else { return }
        let started = ContinuousClock.now
        defer { metrics.screenUpdateDuration.record(ContinuousClock.now - started) }
        await rebuild(jobs, reason: "live screens", peekingPending: peekPending)
    }

    /// Builds `jobs` and records each result, which wakes the subscribers of every screen that changed.
    /// Two halves go to two readers: a commit that touches many screens uses both cores.
    ///
    /// Each half delivers its results in chunks (`BuiltChunk`), which are recorded as they come while the
    /// halves go on building: recording a thousand Homes waited for both halves and then held the actor
    /// alone, leaving a core idle, and no subscriber was woken before the last screen was built.
    func rebuild(
        _ jobs: [BuildJob], reason: String, peekingPending peekPending: @escaping @Sendable () -> StoreChange? = { nil }
    ) async {
        let half = jobs.count >= 8 ? jobs.count / 2 : jobs.count
        let (chunks, sink) = AsyncStream.makeStream(of: BuiltChunk.self)
        // Slices, not copies: a job holds a document and its reads, and copying one retains each part.
        async let building: Void = Self.build(
            halves: [jobs[..<half], jobs[half...]], of: self, into: sink, peekingPending: peekPending)
        for await chunk in chunks {
            for (offset, result) in chunk.results.enumerated() {
                _ = try? record(jobs[chunk.start + offset].request, result)
            }
        }
        do {
            try await building
        } catch {
            logger.error("could not rebuild \(reason)", metadata: ["error": "\(error)"])
        }
        freeRetired()
    }

    /// Results of consecutive jobs of a batch, from `start`, as one of its halves delivers them.
    struct BuiltChunk: Sendable {
        var start: Int
        var results: [BuildResult]
    }

    /// How many results a half of a batch delivers at a time: enough that the actor is not asked for a turn
    /// per screen, few enough that recording keeps up with building.
    static let chunkLength = 32

    /// Builds the non-empty `halves` side by side, each into `sink`, and finishes it when both are done.
    private static func build(
        halves: [ArraySlice<BuildJob>], of hub: ScreenHub, into sink: AsyncStream<BuiltChunk>.Continuation,
        peekingPending peekPending: @escaping @Sendable () -> StoreChange?
    ) async throws {
        defer { sink.finish() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for half in halves where !half.isEmpty {
                group.addTask { try await hub.build(half, into: sink, peekingPending: peekPending) }
            }
            try await group.waitForAll()
        }
    }

    /// What `change` asks of the watched entries (`ScreenInvalidation`), as jobs: a rebuild of each affected
    /// one, a recheck of each whose users' ranks alone may have moved.
    ///
    /// - Complexity: O(c × t) for the c entries whose reads name the change's users or habits and the t cost
    ///   of testing one, plus O(a) for the a affected.
    private func buildJobs(for change: StoreChange) -> [BuildJob] {
        let actions = invalidation.actions(for: change) { cache.isWatched($0) }
        let changedHabits = change.countedHabits
        var jobs: [BuildJob] = []
        jobs.reserveCapacity(actions.count)
        for (request, action) in actions {
            let entry = cache[request]
            let current = entry?.current
            switch action {
            case .rebuild: jobs.append(BuildJob(request: request, base: current))
            case .recheck(let reads, let rankings, let lines):
                guard let current else {
                    jobs.append(BuildJob(request: request))
                    continue
                }
                jobs.append(
                    BuildJob(
                        request: request, base: current, baseBytes: entry?.historyBytes.last, vouched: reads,
                        rankings: rankings, relined: lines,
                        changedHabits: changedHabits, vouchedAt: change.revision))
            }
        }
        return jobs
    }

    /// The jobs of a change and of a later one, `revision`'s, as one list: a rebuild wins over a recheck, and
    /// the rechecks the later change does not touch are vouched for at its revision, which did not affect them.
    /// A change published late, below the jobs' revision, leaves them vouched for at its own: late, they rebuild.
    ///
    /// - Complexity: O(j + l) for the j and l jobs.
    static func joining(_ jobs: [BuildJob], _ later: [BuildJob], at revision: Int64) -> [BuildJob] {
        var joined = jobs
        var positions: [ScreenRequest: Int] = [:]
        positions.reserveCapacity(joined.count)
        for index in joined.indices {
            if joined[index].vouched != nil { joined[index].vouchedAt = revision }
            positions[joined[index].request] = index
        }
        for job in later {
            guard let index = positions[job.request] else {
                positions[job.request] = joined.count
                joined.append(job)
                continue
            }
            // Two rechecks stay one, vouched for at the later revision, with the rankings and changed habits of
            // both; a later rebuild replaces a recheck.
            if job.vouched == nil && joined[index].vouched != nil {
                joined[index] = job
            } else if job.vouched != nil && joined[index].vouched != nil {
                joined[index].rankings.formUnion(job.rankings)
                joined[index].relined.formUnion(job.relined)
                joined[index].changedHabits = job.changedHabits.flatMap { joined[index].changedHabits?.union($0) }
            }
        }
        return joined
    }

    // MARK: Building

    /// Builds every request in one read transaction.
    private func build(_ requests: [ScreenRequest]) async throws -> [BuildResult] {
        let (chunks, sink) = AsyncStream.makeStream(of: BuiltChunk.self)
        try await build(requests.map { BuildJob(request: $0) }[...], into: sink)
        sink.finish()
        var results: [BuildResult] = []
        for await chunk in chunks { results += chunk.results }
        return results
    }

    /// Builds or rechecks every job in one read transaction. A recheck that finds every rank where it was
    /// gives the vouched document again, named for this revision, without building it. A recheck is made
    /// only in a snapshot at the revision of the change that asked for it: one that writes have passed
    /// since (a hub behind the store) rebuilds, because a patch named for the snapshot would show those
    /// writes in the lines it rewrites and not in the items it keeps, unless the commits the hub has not
    /// taken (`peekPending`) reach the snapshot and leave those items as they were (`BuildJob.caughtUp`).
    ///
    /// Off the actor: the two halves of a batch open their snapshots without waiting for a turn on it, where
    /// the streams' calls queue, and each turn waited for lets more writes land past the batch's changes.
    private nonisolated func build(
        _ jobs: ArraySlice<BuildJob>, into sink: AsyncStream<BuiltChunk>.Continuation,
        peekingPending peekPending: @escaping @Sendable () -> StoreChange? = { nil }
    ) async throws {
        let now = clock()
        let metrics = metrics
        return try await store.readScreens { source in
            // Viewers share habits, rankings and followed people: each question is asked once.
            let shared = MemoizingSource(source)
            let jobs = Self.caughtUp(jobs, to: shared.revision, peekingPending: peekPending, metrics: metrics)
            // What the Homes and the rechecks ask, for all of them at once: a few queries, not sixty per Home.
            // A recheck's Home is read ahead too: a moved rank patches its lines, which read what a build does.
            if shared.readsAheadInBatches {
                var homeViewers: [Int64] = []
                var rechecks: [ScreenDependencies] = []
                for job in jobs {
                    if job.request.screen == .home { homeViewers.append(job.request.viewerID) }
                    if let recheck = job.recheck(at: shared.revision) { rechecks.append(recheck.reads) }
                }
                try await shared.readAhead(homesOf: homeViewers, rechecking: rechecks)
            }
            var start = jobs.startIndex
            var results: [BuildResult] = []
            results.reserveCapacity(min(jobs.count, Self.chunkLength))
            for job in jobs {
                results.append(await Self.build(job, in: shared, now: now, metrics: metrics))
                guard results.count == Self.chunkLength else { continue }
                sink.yield(BuiltChunk(start: start, results: results))
                start += results.count
                results.removeAll(keepingCapacity: true)
            }
            if !results.isEmpty { sink.yield(BuiltChunk(start: start, results: results)) }
        }
    }

    /// One job of `build(_:)`, over the batch's shared source.
    private static func build(
        _ job: BuildJob, in shared: MemoizingSource, now: Date, metrics: ServerMetrics
    ) async -> BuildResult {
        let request = job.request
        if let (document, dependencies) = job.recheck(at: shared.revision) {
            let recheck = await Self.recheck(
                document, request, dependencies, documentBytes: job.baseBytes, rankings: job.rankings,
                relined: job.relined, changedHabits: job.changedHabits,
                in: shared, now: now, patches: metrics.screenPatches)
            if let recheck { return recheck }
            metrics.screenRebuilds.increment()
        } else if job.vouched != nil {
            metrics.screenRebuilds.increment()
            metrics.screenLateRechecks.increment()
        }
        let observing = ObservingSource(shared)
        do {
            let document = try await ScreenBuilder(source: observing, now: now).document(
                for: request, revision: String(shared.revision))
            let fromBase = job.base.flatMap { try? document.changeset(from: $0) }
            return .built(
                BuiltScreen(document, observing.dependencies, storeRevision: shared.revision, fromBase: fromBase))
        } catch let error as ScreenError {
            return .failed(error.habitsError)
        } catch let error as HabitsError {
            return .failed(error)
        } catch {
            return .failed(.unavailable(reason: "The screen could not be read: \(error)"))
        }
    }

    /// Keeps a newly built document (`ScreenDocumentCache.record`), files its reads and the end of its day,
    /// and wakes the entry's subscribers when it has a new document or is gone, whoever asked for the build:
    /// a request's read that records a change first leaves `run` nothing new to wake them for. A screen that
    /// cannot be built is kept only for its subscribers, to tell them it is gone.
    private func record(_ request: ScreenRequest, _ result: BuildResult) throws -> ScreenDocument {
        defer { evictPastBudget() }
        switch result {
        case .failed(let error):
            switch cache.recordFailure(request, error) {
            case .dropped:
                invalidation.remove(request)
                dayClock.unwatch(request)
            case .gone:
                // A gone screen is not rebuilt when its day ends.
                dayClock.unwatch(request)
                subscriptions.wake(request, with: .changed(nil))
            case .kept: break
            }
            throw error
        case .built(let built):
            let recorded = cache.record(
                request, built.document, documentBytes: built.documentBytes, readsBytes: built.readsBytes,
                storeRevision: built.storeRevision, fromBase: built.fromBase)
            if recorded.isNewest {
                invalidation.file(request, reads: built.dependencies, names: built.names)
                // Watched only for subscribers: a screen opened later is built for its own day.
                dayClock.watch(request, until: cache.isWatched(request) ? built.dependencies.dayEnds : nil)
            }
            if recorded.isNew { subscriptions.wake(request, with: .changed(recorded.change)) }
            if let retired = recorded.retired { retiring.append(retired) }
            return recorded.document
        }
    }

    /// Frees the documents that fell out of their history on a background task: freeing a document releases
    /// each of its strings and items, and a change that rebuilds a thousand Homes would do it on the actor
    /// that every other change waits for.
    private func freeRetired() {
        guard !retiring.isEmpty else { return }
        let retired = retiring
        retiring = []
        Task.detached(priority: .utility) { withExtendedLifetime(retired) {} }
    }

    /// The event that takes a client from `revision` to `current`.
    func event(
        for request: ScreenRequest, from revision: String, to current: ScreenDocument
    ) -> PendingScreenEvent {
        cache.event(for: request, from: revision, to: current)
    }
}
