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
actor ScreenHub {
    /// Documents kept per screen, for `changes?since=` and resuming streams.
    static let historyLength = 16
    /// Screens kept without subscribers (for `changes?since=`), least recently used dropped first.
    static let idleEntryLimit = 512

    private struct Subscriber {
        let wake: AsyncStream<ScreenWake>.Continuation
    }

    /// An entry's reads, shared rather than copied.
    private final class Reads: Sendable {
        let dependencies: ScreenDependencies

        init(_ dependencies: ScreenDependencies) { self.dependencies = dependencies }

        /// What `change` means for the document that made these reads, tested where they are.
        func impact(of change: StoreChange) -> ScreenImpact { dependencies.impact(of: change) }
    }

    private struct Entry {
        var history: [ScreenDocument] = []
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
    }

    private let store: any ScreenStore
    let metrics: ServerMetrics
    private let logger: Logger
    /// The server's clock: what "today" is on the streak calendar.
    private let clock: @Sendable () -> Date
    private var entries: [ScreenRequest: Entry] = [:]
    /// The entries by the users and habits their newest documents read.
    private var readIndex = ScreenReadIndex<ScreenRequest>()
    private var subscriptions: [UUID: ScreenRequest] = [:]
    private var useCounter: UInt64 = 0
    /// The newest revision `run` has taken a change of, so that a subscription opened meanwhile can tell
    /// whether its first document is already behind.
    private var lastChangeRevision: Int64 = 0
    /// How many entries have subscribers, so that eviction knows the idle count without a scan.
    private var liveEntryCount = 0
    /// When the day ends that the newest document of each entry showing a "today" was built for.
    private var dayEnds: [ScreenRequest: Date] = [:]

    /// The open subscriptions.
    var subscriptionIDs: Dictionary<UUID, ScreenRequest>.Keys { subscriptions.keys }

    init(
        store: any ScreenStore, metrics: ServerMetrics, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
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

    // MARK: Subscribing

    /// Opens a subscription. Its stream wakes whenever the screen may have a new event; its owner may add
    /// keep-alive ticks through `tick`, so that one stream wakes the writer for both.
    func subscribe(
        _ request: ScreenRequest
    ) async throws -> (id: UUID, wake: AsyncStream<ScreenWake>, tick: AsyncStream<ScreenWake>.Continuation) {
        _ = try await document(for: request)
        let id = UUID()
        // The newest wake is enough: a subscriber that missed one asks for everything up to the newest.
        let (stream, continuation) = AsyncStream.makeStream(
            of: ScreenWake.self, bufferingPolicy: .bufferingNewest(1))
        if entries[request, default: Entry()].subscribers.isEmpty { liveEntryCount += 1 }
        entries[request, default: Entry()].subscribers[id] = Subscriber(wake: continuation)
        subscriptions[id] = request
        metrics.liveSubscribers.increment()
        // `run` may have taken a change while the document was being built, before there was a subscriber
        // to rebuild it for: build again until the document is as new as every change taken. Changes
        // taken from now on find the subscriber.
        while let builtAt = entries[request]?.builtAt, builtAt < lastChangeRevision, entries[request]?.gone == nil {
            let before = lastChangeRevision
            _ = try? await document(for: request)
            if (entries[request]?.builtAt ?? before) < before { break }  // the store went no further
        }
        continuation.yield(.changed(nil))
        return (id, stream, continuation)
    }

    /// The event that takes subscriber `id` from `sentRevision` (nil: nothing sent yet) to the newest
    /// document, or nil when it has that document. The changeset itself is computed by the caller
    /// (`PendingScreenEvent.resolved()`), off this actor, so subscribers diff in parallel.
    func nextEvent(for id: UUID, after sentRevision: String?) -> PendingScreenEvent? {
        guard let request = subscriptions[id], let entry = entries[request], let current = entry.current else {
            return nil
        }
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

    /// Ends a subscription.
    func unsubscribe(_ id: UUID) {
        guard let request = subscriptions.removeValue(forKey: id) else { return }
        entries[request]?.subscribers[id]?.wake.finish()
        entries[request]?.subscribers[id] = nil
        if entries[request]?.subscribers.isEmpty == true { liveEntryCount -= 1 }
        metrics.liveSubscribers.decrement()
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
    private func rebuild(_ jobs: [BuildJob], reason: String) async {
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
    private struct BuildJob: Sendable {
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
            return jobs.map { job in
                let request = job.request
                if let document = job.base, let dependencies = job.vouchedReads {
                    let recheck = Self.recheck(document, request, dependencies, in: shared, now: now, patches: patches)
                    if let recheck { return recheck }
                    rebuilds.increment()
                }
                let observing = ObservingSource(shared)
                do {
                    let document = try ScreenBuilder(source: observing, now: now).document(
                        for: request, revision: String(source.revision))
                    let fromBase = job.base.flatMap { try? document.changeset(from: $0) }
                    return .built(document, observing.dependencies, storeRevision: source.revision, fromBase: fromBase)
                } catch let error as ScreenError {
                    return .failed(error.habitsError)
                } catch let error as HabitsError {
                    return .failed(error)
                } catch {
                    return .failed(.unavailable(reason: "The screen could not be read: \(error)"))
                }
            }
        }
    }

    /// Keeps a newly built document: a document equal to the newest keeps the newest's revision. The
    /// entry's subscribers are woken when it has a new document or is gone, whoever asked for the build: a
    /// request's read that records a change first leaves `run` nothing new to wake them for.
    private func record(_ request: ScreenRequest, _ result: BuildResult) throws -> ScreenDocument {
        useCounter += 1
        // Taken out while it changes, so that its history and subscribers are not copied on write.
        var entry = entries.removeValue(forKey: request) ?? Entry()
        entry.lastUse = useCounter
        let newest = entry.current?.revision
        defer {
            if entry.current?.revision != newest || entry.gone != nil {
                let wake = ScreenWake.changed(entry.gone == nil ? entry.latestChange : nil)
                for subscriber in entry.subscribers.values { subscriber.wake.yield(wake) }
            }
            entries[request] = entry
            evictIdleEntries()
        }
        switch result {
        case .failed(let error):
            if case .notFound = error, !entry.subscribers.isEmpty { entry.gone = error }
            throw error
        case .built(var document, let dependencies, let storeRevision, let fromBase):
            entry.gone = nil
            if let current = entry.current, storeRevision < entry.builtAt {
                // An older read finishing late: answer it, but keep the newer document.
                return current.showsTheSame(as: document) ? current : document
            }
            entry.reads = Reads(dependencies)
            dayEnds[request] = dependencies.dayEnds
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
            if entry.history.count > Self.historyLength { entry.history.removeFirst() }
            return document
        }
    }

    // MARK: Following the clock

    /// The server's time: what "today" is on the streak calendar.
    func serverTime() -> Date { clock() }

    /// The earliest end of a day shown by a screen with subscribers.
    ///
    /// - Complexity: O(d) for the d screens that show a day.
    func nextDayEnd() -> Date? {
        var earliest: Date?
        for (request, end) in dayEnds where entries[request]?.subscribers.isEmpty == false {
            earliest = min(earliest ?? end, end)
        }
        return earliest
    }

    /// Rebuilds the screens with subscribers whose day has ended by the server's clock, and wakes them.
    ///
    /// - Complexity: O(d) for the d screens that show a day, plus the rebuilds.
    func rebuildPastDayEnds() async {
        let now = clock()
        var jobs: [BuildJob] = []
        for (request, end) in dayEnds where end <= now {
            guard let entry = entries[request], !entry.subscribers.isEmpty, entry.gone == nil else { continue }
            // Off the watch until rebuilt: a rebuild that fails is not retried in a loop.
            dayEnds[request] = nil
            jobs.append(BuildJob(request: request, base: entry.current))
        }
        guard !jobs.isEmpty else { return }
        await rebuild(jobs, reason: "screens whose day ended")
    }

    /// The event that takes a client from `revision` to `current`.
    private func event(
        for request: ScreenRequest, from revision: String, to current: ScreenDocument
    ) -> PendingScreenEvent {
        guard let old = entries[request]?.history.last(where: { $0.revision == revision }) else {
            return .document(current)
        }
        return .changes(from: old, to: current)
    }

    /// Drops the least recently used quarter of idle entries once there are too many.
    ///
    /// - Complexity: O(1) until the limit is passed, then O(n log n), amortised over many requests.
    private func evictIdleEntries() {
        guard entries.count - liveEntryCount > Self.idleEntryLimit else { return }
        let idle = entries.filter { $0.value.subscribers.isEmpty }
        for (request, _) in idle.sorted(by: { $0.value.lastUse < $1.value.lastUse }).prefix(idle.count / 4) {
            entries[request] = nil
            readIndex.remove(request)
            dayEnds[request] = nil
        }
    }
}
