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
/// What it keeps is bounded in bytes (`byteBudget`): each document is estimated once as it is recorded,
/// history included, and the least recently used screens without subscribers are dropped once the total
/// passes the budget (ScreenHub+Budget.swift). Screens with subscribers are never dropped, but count.
actor ScreenHub {
    /// Documents kept per screen, for `changes?since=` and resuming streams.
    static let historyLength = 16
    /// The default byte budget: 256 MiB.
    static let defaultByteBudget = 256 << 20

    struct Subscriber {
        let wake: AsyncStream<ScreenWake>.Continuation
    }

    /// An entry's reads, shared rather than copied.
    final class Reads: Sendable {
        let dependencies: ScreenDependencies

        init(_ dependencies: ScreenDependencies) { self.dependencies = dependencies }

        /// What `change` means for the document that made these reads, tested where they are.
        func impact(of change: StoreChange) -> ScreenImpact { dependencies.impact(of: change) }
    }

    struct Entry {
        var history: [ScreenDocument] = []
        /// The estimated bytes of each document of `history`, in its order.
        var historyBytes: [Int] = []
        /// The estimated bytes of `reads`.
        var readsBytes = 0
        /// The change from the document before the newest to the newest, when the rebuild made it.
        var latestChange: ScreenChangeset?
        /// What the newest document read, boxed: every change is tested against every live entry, and
        /// copying the reads' many sets for each test cost more than the test.
        var reads = Reads(ScreenDependencies())
        /// The store revision the newest document was built at.
        var builtAt: Int64 = -1
        var subscribers: [UUID: Subscriber] = [:]
        var lastUse: UInt64 = 0
        var gone: HabitsError?

        var current: ScreenDocument? { history.last }

        /// What the entry is counted as against the byte budget.
        var bytes: Int { ScreenHub.entryOverhead + readsBytes + historyBytes.reduce(0, +) }
    }

    private let store: any ScreenStore
    let metrics: ServerMetrics
    private let logger: Logger
    /// The server's clock: what "today" is on the streak calendar.
    let clock: @Sendable () -> Date
    /// The most bytes the entries may hold before idle ones are dropped.
    let byteBudget: Int
    /// The longest the clock goes unwatched (ScreenHub+Clock.swift).
    let clockCheckInterval: Duration
    // Internal rather than private: the hub's extensions in other files keep them.
    var entries: [ScreenRequest: Entry] = [:]
    /// The entries by the users and habits their newest documents read.
    var readIndex = ScreenReadIndex<ScreenRequest>()
    var subscriptions: [UUID: ScreenRequest] = [:]
    private var useCounter: UInt64 = 0
    /// The newest revision `run` has taken a change of, so that a subscription opened meanwhile can tell
    /// whether its first document is already behind.
    var lastChangeRevision: Int64 = 0
    /// How many entries have subscribers, so that eviction knows the idle count without a scan.
    var liveEntryCount = 0
    /// The bytes the entries are counted as: the sum of their `bytes`.
    var cachedBytes = 0
    /// When the day ends that the newest document of each entry showing a "today" was built for.
    var dayEnds: [ScreenRequest: Date] = [:]

    /// The open subscriptions.
    var subscriptionIDs: Dictionary<UUID, ScreenRequest>.Keys { subscriptions.keys }

    init(
        store: any ScreenStore, metrics: ServerMetrics, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }, byteBudget: Int = ScreenHub.defaultByteBudget,
        clockCheckInterval: Duration = .seconds(30)
    ) {
        self.store = store
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.byteBudget = byteBudget
        self.clockCheckInterval = clockCheckInterval
        metrics.screenCacheBudget.set(Int64(byteBudget))
    }

    // MARK: Reading

    /// The current document of `request`.
    func document(for request: ScreenRequest) async throws -> ScreenDocument {
        let built = try await build([request])
        guard let result = built.first else { throw HabitsError.unavailable(reason: "The screen was not built.") }
        return try record(request, result)
    }

    /// The changes from `revision` to the current document, or the document when `revision` is unknown.
    func changes(for request: ScreenRequest, since revision: String) async throws -> PendingScreenEvent {
        let current = try await document(for: request)
        return event(for: request, from: revision, to: current)
    }

    // MARK: Following the store

    /// Follows committed changes until cancelled: rebuilds the live documents they affect.
    func run() async {
        for await change in store.storeChanges() {
            lastChangeRevision = max(lastChangeRevision, change.revision)
            let jobs = buildJobs(for: change)
            guard !jobs.isEmpty else { continue }
            let started = ContinuousClock.now
            defer { metrics.screenUpdateDuration.record(ContinuousClock.now - started) }
            await rebuild(jobs, reason: "live screens")
        }
    }

    /// Builds `jobs` and records each result, which wakes the subscribers of every screen that changed.
    /// Two halves go to two readers: a commit that touches many screens uses both cores.
    func rebuild(_ jobs: [BuildJob], reason: String) async {
        do {
            let half = jobs.count >= 8 ? jobs.count / 2 : jobs.count
            async let first = build(Array(jobs[..<half]))
            async let second = half < jobs.count ? build(Array(jobs[half...])) : []
            let built = try await first + second
            for (job, result) in zip(jobs, built) { _ = try? record(job.request, result) }
        } catch {
            logger.error("could not rebuild \(reason)", metadata: ["error": "\(error)"])
        }
    }

    /// What `change` asks of the live entries: a rebuild of each affected one, a recheck of each whose
    /// users' ranks alone may have moved.
    ///
    /// - Complexity: O(c × t) for the c entries whose reads name the change's users or habits (every entry
    ///   for a catalogue change) and the t cost of testing one (`ScreenDependencies.impact(of:)`).
    private func buildJobs(for change: StoreChange) -> [BuildJob] {
        var jobs: [BuildJob] = []
        var rechecks = 0
        // Only the entries whose reads name one of the change's users or habits can be affected. They are
        // read in place: copying each one (its history and subscribers) cost more than testing it.
        let candidates = readIndex.candidates(for: change)
        let indices = candidates.map { $0.compactMap { entries.index(forKey: $0) } } ?? Array(entries.indices)
        for index in indices {
            guard !entries.values[index].subscribers.isEmpty, entries.values[index].gone == nil else { continue }
            let request = entries.keys[index]
            let reads = entries.values[index].reads
            switch reads.impact(of: change) {
            case .unaffected: continue
            case .affected: jobs.append(BuildJob(request: request, base: entries.values[index].current))
            case .recheck:
                guard let current = entries.values[index].current else {
                    jobs.append(BuildJob(request: request))
                    continue
                }
                rechecks += 1
                jobs.append(BuildJob(request: request, base: current, vouchedReads: reads.dependencies))
            }
        }
        metrics.screenRechecks.increment(by: Int64(rechecks))
        metrics.screenRebuilds.increment(by: Int64(jobs.count - rechecks))
        return jobs
    }

    // MARK: Building

    /// The outcome of building one screen.
    enum BuildResult: Sendable {
        /// A document, and the changeset from the job's base when there was one (`nil` when they could not
        /// be diffed, empty when they are the same).
        case built(ScreenDocument, ScreenDependencies, storeRevision: Int64, fromBase: ScreenChangeset? = nil)
        case failed(HabitsError)
    }

    /// A screen to build, or to recheck: a document its reads vouch for while their users' ranks stay.
    struct BuildJob: Sendable {
        var request: ScreenRequest
        /// The live document it replaces: the rebuild diffs against it in parallel, so that the hub and its
        /// subscribers need not.
        var base: ScreenDocument?
        /// For a recheck: the reads that vouch for `base` while their users' ranks stay.
        var vouchedReads: ScreenDependencies?

        init(request: ScreenRequest, base: ScreenDocument? = nil, vouchedReads: ScreenDependencies? = nil) {
            self.request = request
            self.base = base
            self.vouchedReads = vouchedReads
        }
    }

    /// Builds every request in one read transaction.
    private func build(_ requests: [ScreenRequest]) async throws -> [BuildResult] {
        try await build(requests.map { BuildJob(request: $0) })
    }

    /// Builds or rechecks every job in one read transaction. A recheck that finds every rank where it was
    /// gives the vouched document again, named for this revision, without building it.
    private func build(_ jobs: [BuildJob]) async throws -> [BuildResult] {
        let now = clock()
        let rebuilds = metrics.screenRebuilds
        let patches = metrics.screenPatches
        return try await store.readScreens { source in
            // Viewers share habits, rankings and followed people: each question is asked once.
            let shared = MemoizingSource(source)
            var results: [BuildResult] = []
            results.reserveCapacity(jobs.count)
            for job in jobs {
                results.append(await Self.build(job, in: shared, now: now, rebuilds: rebuilds, patches: patches))
            }
            return results
        }
    }

    /// One job of `build(_:)`, over the batch's shared source.
    private static func build(
        _ job: BuildJob, in shared: MemoizingSource, now: Date, rebuilds: Counter, patches: Counter
    ) async -> BuildResult {
        let request = job.request
        if let document = job.base, let dependencies = job.vouchedReads {
            let recheck = await Self.recheck(document, request, dependencies, in: shared, now: now, patches: patches)
            if let recheck { return recheck }
            rebuilds.increment()
        }
        let observing = ObservingSource(shared)
        do {
            let document = try await ScreenBuilder(source: observing, now: now).document(
                for: request, revision: String(shared.revision))
            let fromBase = job.base.flatMap { try? document.changeset(from: $0) }
            return .built(document, observing.dependencies, storeRevision: shared.revision, fromBase: fromBase)
        } catch let error as ScreenError {
            return .failed(error.habitsError)
        } catch let error as HabitsError {
            return .failed(error)
        } catch {
            return .failed(.unavailable(reason: "The screen could not be read: \(error)"))
        }
    }

    /// Keeps a newly built document: a document equal to the newest keeps the newest's revision. The
    /// entry's subscribers are woken when it has a new document or is gone, whoever asked for the build: a
    /// request's read that records a change first leaves `run` nothing new to wake them for. A screen that
    /// cannot be built is kept only for its subscribers, to tell them it is gone.
    private func record(_ request: ScreenRequest, _ result: BuildResult) throws -> ScreenDocument {
        useCounter += 1
        // Taken out while it changes, so that its history and subscribers are not copied on write.
        let kept = entries.removeValue(forKey: request)
        let counted = kept?.bytes ?? 0
        var entry = kept ?? Entry()
        entry.lastUse = useCounter
        let newest = entry.current?.revision
        var keep = true
        defer {
            if entry.current?.revision != newest || entry.gone != nil {
                let wake = ScreenWake.changed(entry.gone == nil ? entry.latestChange : nil)
                for subscriber in entry.subscribers.values { subscriber.wake.yield(wake) }
            }
            cachedBytes -= counted
            if keep || !entry.subscribers.isEmpty {
                cachedBytes += entry.bytes
                entries[request] = entry
            } else {
                readIndex.remove(request)
                dayEnds[request] = nil
            }
            evictPastBudget()
        }
        switch result {
        case .failed(let error):
            if entry.subscribers.isEmpty {
                keep = false
            } else if case .notFound = error {
                entry.gone = error
                // A gone screen is not rebuilt when its day ends.
                dayEnds[request] = nil
            }
            throw error
        case .built(var document, let dependencies, let storeRevision, let fromBase):
            entry.gone = nil
            if let current = entry.current, storeRevision < entry.builtAt {
                // An older read finishing late: answer it, but keep the newer document.
                return current.showsTheSame(as: document) ? current : document
            }
            entry.reads = Reads(dependencies)
            entry.readsBytes = dependencies.estimatedByteCount
            // Watched only for subscribers: a screen opened later is built for its own day.
            dayEnds[request] = entry.subscribers.isEmpty ? nil : dependencies.dayEnds
            readIndex.file(request, reads: dependencies)
            entry.builtAt = storeRevision
            // The rebuild's changeset from the current document tells whether anything changed, unless
            // another build replaced that document meanwhile.
            let change = fromBase.flatMap { $0.from == entry.current?.revision ? $0 : nil }
            if let current = entry.current {
                if change?.isEmpty ?? current.showsTheSame(as: document) { return current }
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
            entry.historyBytes.append(document.estimatedByteCount)
            if entry.history.count > Self.historyLength {
                entry.history.removeFirst()
                entry.historyBytes.removeFirst()
            }
            return document
        }
    }

    /// The event that takes a client from `revision` to `current`.
    func event(
        for request: ScreenRequest, from revision: String, to current: ScreenDocument
    ) -> PendingScreenEvent {
        guard let old = entries[request]?.history.last(where: { $0.revision == revision }) else {
            return .document(current)
        }
        return .changes(from: old, to: current)
    }
}
