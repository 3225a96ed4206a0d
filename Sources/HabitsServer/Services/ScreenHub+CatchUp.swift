import HabitsScreens
import HabitsStore
import Prometheus

extension ScreenHub {
    /// Where a batch of `follow` stands in the store's changes: how to take the commits after it, and the
    /// revision of the last change it took.
    struct CatchUp: Sendable {
        var takePending: @Sendable () -> StoreChange?
        var taken: Int64
    }

    /// How many times a snapshot ahead of the taken changes waits `catchUpWait` for their announcement.
    static let catchUpWaits = 20
    /// A commit is visible to readers a moment before the store announces it (PostgreSQL's `NOTIFY` is a
    /// round trip later still): 20 waits of this are 5 ms.
    static let catchUpWait = Duration.microseconds(250)

    /// Builds `jobs`, rechecks included, in two snapshots, taking in the commits the first one shows.
    ///
    /// A recheck is made only in a snapshot at the revision of the change that asked for it
    /// (`BuildJob.recheck(at:)`). Under a steady stream of writes, one nearly always lands between the hub
    /// taking its changes and opening its snapshot, and each would turn every recheck of the batch into a
    /// rebuild (at 5,000 streams, about half of them). So the first snapshot is opened before the jobs are
    /// dealt: the commits it shows are taken then (`catchUp(_:to:)`), the rechecks they do not touch are
    /// vouched for at its revision, and the jobs of those commits, with the ones they touch, go to the second
    /// snapshot, opened after they were taken, with as many others as make the halves even.
    ///
    /// - Complexity: O(j + l) besides the builds, for the j jobs and the l jobs of the commits taken.
    func build(
        _ jobs: [BuildJob], catchingUp catchUp: CatchUp
    ) async throws -> [(job: BuildJob, result: BuildResult)] {
        let now = clock()
        let metrics = metrics
        let (dealt, dealing) = AsyncStream.makeStream(of: [BuildJob].self)
        async let first: [(job: BuildJob, result: BuildResult)] = {
            // Ends the wait below whatever happens, also when no snapshot could be opened.
            defer { dealing.finish() }
            return try await store.readScreens { source in
                let (here, there) = await self.deal(jobs, for: source.revision, catchUp)
                dealing.yield(there)
                dealing.finish()
                return Array(zip(here, try await Self.build(here, in: source, now: now, metrics)))
            }
        }()
        var there: [BuildJob] = []
        for await jobs in dealt { there = jobs }
        let second = there.isEmpty ? [] : Array(zip(there, try await build(there)))
        return try await first + second
    }

    /// Takes the commits a snapshot at `revision` shows, and deals the jobs, with theirs, between that
    /// snapshot (`here`) and one opened afterwards (`there`).
    ///
    /// - Complexity: O(j + l) for the j jobs and the l jobs of the commits taken.
    private func deal(
        _ jobs: [BuildJob], for revision: Int64, _ catchUp: CatchUp
    ) async -> (here: [BuildJob], there: [BuildJob]) {
        var taken = catchUp.taken
        var later: [BuildJob] = []
        var waits = 0
        while taken < revision {
            guard let change = catchUp.takePending() else {
                guard waits < Self.catchUpWaits else { break }
                waits += 1
                try? await Task.sleep(for: Self.catchUpWait)
                continue
            }
            let jobs = buildJobs(for: change)
            let rechecks = jobs.count { $0.vouchedReads != nil }
            metrics.screenRechecks.increment(by: Int64(rechecks))
            metrics.screenRebuilds.increment(by: Int64(jobs.count - rechecks))
            later = Self.joining(later, jobs, at: change.revision)
            taken = change.revision
            lastChangeRevision = max(lastChangeRevision, taken)
        }
        guard taken >= revision else {
            // Not caught up: the rechecks will rebuild wherever they are made, as any job may.
            let all = Self.joining(jobs, later, at: taken)
            let half = all.count / 2
            return (Array(all[..<half]), Array(all[half...]))
        }
        var touched: Set<ScreenRequest> = []
        touched.reserveCapacity(later.count)
        for job in later { touched.insert(job.request) }
        var here: [BuildJob] = []
        var held: [BuildJob] = []
        for var job in jobs {
            guard !touched.contains(job.request) else {
                held.append(job)
                continue
            }
            if job.vouchedReads != nil { job.vouchedAt = taken }
            here.append(job)
        }
        // The second snapshot shows every commit taken: a job they touch is made there, joined with theirs.
        var there = Self.joining(held, later, at: taken)
        Self.share(&here, &there)
        return (here, there)
    }

    /// Moves jobs from the end of `here` to `there` until they hold about as many. A recheck costs about what
    /// a rebuild does (measured at 5,000 streams: the patch is small, but its reads, the document's size and
    /// the filing of its reads are not), and one moved to `there` is still a patch when no commit lands
    /// before that snapshot opens, a rebuild when one does.
    ///
    /// - Complexity: O(h) for the h jobs moved.
    static func share(_ here: inout [BuildJob], _ there: inout [BuildJob]) {
        let moving = max(0, (here.count - there.count) / 2)
        there.append(contentsOf: here.suffix(moving))
        here.removeLast(moving)
    }
}
