import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

extension WorldSource {
    /// What a store would report for the edits that turn this world into `next`.
    func change(to next: WorldSource) -> StoreChange {
        var change = StoreChange(revision: next.revision)
        change.catalogue =
            users != next.users || categoryList != next.categoryList || habitList != next.habitList
        for userID in Set(countTable.keys).union(next.countTable.keys) {
            let before = countTable[userID] ?? [:]
            let after = next.countTable[userID] ?? [:]
            for habitID in Set(before.keys).union(after.keys) where before[habitID] != after[habitID] {
                change.counts.append(
                    CountChange(
                        userID: userID, habitID: habitID, before: before[habitID] ?? 0, after: after[habitID] ?? 0))
            }
        }
        for userID in Set(favorites.keys).union(next.favorites.keys)
        where (favorites[userID] ?? []) != (next.favorites[userID] ?? []) {
            change.favoritesOf.insert(userID)
        }
        for userID in Set(follows.keys).union(next.follows.keys)
        where (follows[userID] ?? []) != (next.follows[userID] ?? []) {
            change.followsOf.insert(userID)
        }
        change.programs = programList != next.programList || joined != next.joined || ratings != next.ratings
        change.help = tagList != next.tagList || questionList != next.questionList
        for userID in Set(recents.keys).union(next.recents.keys) where recents[userID] != next.recents[userID] {
            change.recentEmojiOf.insert(userID)
        }
        return change
    }
}

/// A change that a document's recorded reads call unaffected must leave the document as it was.
@Suite struct DependencyPropertyTests {
    @Test func anUnaffectedScreenIsUnchanged() async throws {
        var skipped = 0
        var kept = 0
        var patched = 0
        var cardPatches = 0
        var linePatches = 0
        await forEachSeedAsync(count: UInt64(150)) { seed in
            var random = SeededRandom(seed: seed)
            var world = ChangesetPropertyTests.randomWorld(&random)
            for step in 0..<8 {
                var next = world
                // Mostly count edits, which are the ones dependencies filter finely.
                for _ in 0..<Int.random(in: 1...2, using: &random) { ChangesetPropertyTests.edit(&next, &random) }
                let change = world.change(to: next)
                for request in ChangesetPropertyTests.requests(in: world) {
                    let observing = ObservingSource(world)
                    let old = try await ScreenBuilder(source: observing, now: Fixture.now)
                        .document(for: request, revision: "1")
                    let impact = observing.dependencies.impact(of: change)
                    switch impact {
                    case .affected: continue
                    case .unaffected:
                        skipped += 1
                        let new = try await ScreenBuilder(source: next, now: Fixture.now)
                            .document(for: request, revision: "1")
                        #expect(new == old, "seed \(seed) step \(step) \(request): \(change) was called unaffecting")
                    case .recheck, .rerank, .reline:
                        // Ranks found where they were, with no ranking touched, vouch for the old document, and
                        // for the reads a rebuild would record, which the next change is tested against.
                        // Only the ranks of the habits the change counts are asked again, as the hub asks them.
                        let (rankings, relined) = Self.patchScope(impact)
                        let changed = change.countedHabits
                        guard rankings.isEmpty, relined.isEmpty,
                            let rechecked = try await observing.dependencies.rechecked(in: next, changedHabits: changed)
                        else {
                            // A rank moved or a ranking may have: Home's patch is the rebuild, reads and all.
                            let (reads, moved) = try await observing.dependencies.reranked(
                                in: next, changedHabits: changed)
                            let rebuilt = ObservingSource(next)
                            let new = try await ScreenBuilder(source: rebuilt, now: Fixture.now)
                                .document(for: request, revision: "2")
                            let patch = try await ScreenBuilder(source: next, now: Fixture.now)
                                .patched(
                                    old, for: request, reads: reads, moved: moved, rankings: rankings,
                                    relined: relined, revision: "2")
                            // A viewer who sees private users is rebuilt when lines must be written again.
                            #expect(
                                patch != nil || request.screen != .home
                                    || (!relined.isEmpty && !reads.pairCounts.isEmpty),
                                "seed \(seed) step \(step)")
                            guard let patch else { continue }
                            patched += 1
                            if !rankings.isEmpty { cardPatches += 1 }
                            if !relined.isEmpty { linePatches += 1 }
                            #expect(patch.document == new, "seed \(seed) step \(step) \(request): \(change)")
                            #expect(patch.reads == rebuilt.dependencies, "seed \(seed) step \(step) \(request)")
                            #expect(patch.changeset == (try new.changeset(from: old)), "seed \(seed) step \(step)")
                            #expect(
                                patch.estimatedByteCount(patching: old, baseBytes: old.estimatedByteCount)
                                    == patch.document.estimatedByteCount, "seed \(seed) step \(step)")
                            continue
                        }
                        kept += 1
                        let rebuilt = ObservingSource(next)
                        let new = try await ScreenBuilder(source: rebuilt, now: Fixture.now)
                            .document(for: request, revision: "1")
                        #expect(new == old, "seed \(seed) step \(step) \(request): \(change) was rechecked away")
                        #expect(rebuilt.dependencies == rechecked, "seed \(seed) step \(step) \(request)")
                    }
                }
                world = next
            }
        }
        // The filter must actually filter, or the property says nothing.
        #expect(skipped > 1_000)
        #expect(kept > 0, "rechecks must keep some documents")
        #expect(patched > 0, "some rechecks must patch")
        #expect(cardPatches > 0, "some patches must build leaderboard cards again")
        #expect(linePatches > 0, "some patches must write every line again")
    }

    /// The habits whose cards and the users whose logged habits a recheck's patch builds again.
    static func patchScope(_ impact: ScreenImpact) -> (rankings: Set<Int64>, relined: Set<Int64>) {
        switch impact {
        case .rerank(let rankings): (rankings, [])
        case .reline(let users, let rankings): (rankings, users)
        default: ([], [])
        }
    }

    @Test func aRecheckAsksAgainOnlyTheRanksOfTheChangedHabits() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addHabit(10, "Run")
        world.addHabit(20, "Read")
        world.follows[1] = [2, 3]
        world.addUser(2, "Runner")
        world.setCount(user: 2, habit: 10, 5)
        world.addUser(3, "Reader")
        world.setCount(user: 3, habit: 20, 4)
        world.addUser(4, "Other")
        world.setCount(user: 4, habit: 10, 3)
        let request = ScreenRequest(screen: .home, viewerID: 1)
        let observing = ObservingSource(world)
        _ = try await ScreenBuilder(source: observing).document(for: request, revision: "1")
        let dependencies = observing.dependencies
        #expect(Set(dependencies.userRanks.keys.map(\.habitID)) == [10, 20])

        // The other runner passes the followed one: only Run's ranks can have moved.
        var next = world
        next.setCount(user: 4, habit: 10, 6)
        let change = StoreChange(revision: 2, counts: [CountChange(userID: 4, habitID: 10, before: 3, after: 6)])
        #expect(dependencies.impact(of: change) == .recheck)
        let counting = CountingSource(next)
        let (reads, moved) = try await dependencies.reranked(in: counting, changedHabits: change.countedHabits)
        #expect(counting.asked.allSatisfy { !$0.contains(" 20") }, "\(counting.asked)")
        #expect(counting.asked.contains("count 2 10"), "\(counting.asked)")
        #expect(moved.map(\.userID) == [2])
        // The same reads as asking every rank again.
        let (everyRead, everyMoved) = try await dependencies.reranked(in: next)
        #expect(reads == everyRead)
        #expect(moved == everyMoved)
    }

    @Test func aFollowedUsersLogThatPassesNobodyKeepsTheHome() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addHabit(10, "Run")
        world.follows[1] = [2]
        world.addUser(2, "Followed")
        world.setCount(user: 2, habit: 10, 5)
        world.addUser(3, "Leader")
        world.setCount(user: 3, habit: 10, 8)
        let request = ScreenRequest(screen: .home, viewerID: 1)
        let observing = ObservingSource(world)
        let old = try await ScreenBuilder(source: observing).document(for: request, revision: "1")
        let dependencies = observing.dependencies

        var passingNobody = world
        passingNobody.setCount(user: 2, habit: 10, 7)
        let own = StoreChange(revision: 2, counts: [CountChange(userID: 2, habitID: 10, before: 5, after: 7)])
        #expect(dependencies.impact(of: own) == .recheck)
        let kept = try await #require(try dependencies.rechecked(in: passingNobody))
        #expect(kept.userRanks.values.map(\.count) == [7])
        #expect(try await ScreenBuilder(source: passingNobody).document(for: request, revision: "1") == old)

        var reachingTheLeader = world
        reachingTheLeader.setCount(user: 2, habit: 10, 8)
        #expect(try await dependencies.rechecked(in: reachingTheLeader) == nil)

        let still = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 10, before: 8, after: 6)])
        #expect(dependencies.impact(of: still) == .unaffected)
        let below = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 10, before: 8, after: 4)])
        #expect(dependencies.impact(of: below) == .recheck)
        let above = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 10, before: 8, after: 9)])
        #expect(dependencies.impact(of: above) == .unaffected)
    }

    /// The index offers every document a change may affect, and drops what it was told to.
    @Test func theReadIndexOffersEveryAffectedScreen() async throws {
        var offered = 0
        var tested = 0
        await forEachSeedAsync(count: UInt64(60)) { seed in
            var random = SeededRandom(seed: seed)
            var world = ChangesetPropertyTests.randomWorld(&random)
            var index = ScreenReadIndex<ScreenRequest>()
            var reads: [ScreenRequest: ScreenDependencies] = [:]
            for step in 0..<6 {
                for request in ChangesetPropertyTests.requests(in: world) {
                    let observing = ObservingSource(world)
                    _ = try? await ScreenBuilder(source: observing, now: Fixture.now).document(for: request,
                        revision: "1")
                    reads[request] = observing.dependencies
                    index.file(request, reads: observing.dependencies)
                }
                var next = world
                ChangesetPropertyTests.edit(&next, &random)
                let change = world.change(to: next)
                let candidates = index.candidates(for: change)
                for (request, dependencies) in reads where dependencies.impact(of: change) != .unaffected {
                    tested += 1
                    #expect(candidates?.contains(request) ?? true, "seed \(seed) step \(step) \(request): \(change)")
                }
                offered += candidates?.count ?? reads.count
                world = next
            }
            for request in reads.keys { index.remove(request) }
            #expect(index.count == 0)
            #expect(index.candidates(for: StoreChange(revision: 1, counts: [], programs: true, help: true)) == [])
        }
        #expect(tested > 100)
        // The index must narrow, or it only costs.
        #expect(offered < tested * 4)
    }

    @Test func aLogFarBelowTheTopAndTheViewerWakesNoHome() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addHabit(10, "Run")
        world.favorites[1] = [10]
        world.setCount(user: 1, habit: 10, 9)
        for id in Int64(2)...6 {
            world.addUser(id, "User \(id)")
            world.setCount(user: id, habit: 10, Int(id) + 10)
        }
        world.addUser(7, "Low")
        world.setCount(user: 7, habit: 10, 1)
        let observing = ObservingSource(world)
        _ = try await ScreenBuilder(source: observing).document(for: ScreenRequest(screen: .home, viewerID: 1),
            revision: "1")
        let far = StoreChange(revision: 2, counts: [CountChange(userID: 7, habitID: 10, before: 1, after: 2)])
        #expect(!observing.dependencies.isAffected(by: far))
        let passing = StoreChange(revision: 2, counts: [CountChange(userID: 7, habitID: 10, before: 9, after: 10)])
        #expect(observing.dependencies.isAffected(by: passing))
        let top = StoreChange(revision: 2, counts: [CountChange(userID: 7, habitID: 10, before: 15, after: 16)])
        #expect(observing.dependencies.isAffected(by: top))
        // The index does not even offer the Home for the far log: it files the habit under the counts the
        // Home observed, not the habit alone.
        var index = ScreenReadIndex<Int>()
        index.file(1, reads: observing.dependencies)
        #expect(index.candidates(for: far) == [])
        #expect(index.candidates(for: passing) == [1])
        #expect(index.candidates(for: top) == [1])
    }

    /// A rank counts the users strictly above a count: a change that ends at a count whose rank alone was read
    /// moves no rank there, and the index does not offer it; one that ends at a count whose position was read
    /// changes its ties, and the index offers it.
    @Test func aCountThatEndsAtARankReadAloneIsNotOffered() {
        var rankOnly = ScreenDependencies()
        rankOnly.userRanks[ScreenDependencies.Pair(userID: 2, habitID: 10)] =
            ScreenDependencies.ObservedRank(count: 5, rank: 3)
        rankOnly.rankOnlyProbes[11] = [5]
        var position = ScreenDependencies()
        position.rankProbes[10] = [5]
        var index = ScreenReadIndex<Int>()
        index.file(1, reads: rankOnly)
        index.file(2, reads: position)
        for habitID: Int64 in [10, 11] {
            let ending = StoreChange(
                revision: 2, counts: [CountChange(userID: 3, habitID: habitID, before: 4, after: 5)])
            let leaving = StoreChange(
                revision: 2, counts: [CountChange(userID: 3, habitID: habitID, before: 5, after: 6)])
            #expect(rankOnly.impact(of: ending) == .unaffected)
            #expect(rankOnly.impact(of: leaving) != .unaffected)
            #expect(index.candidates(for: ending) == (habitID == 10 ? [2] : []))
            #expect(index.candidates(for: leaving) == (habitID == 10 ? [1, 2] : [1]))
        }
        #expect(position.impact(of: StoreChange(
            revision: 2, counts: [CountChange(userID: 3, habitID: 10, before: 4, after: 5)])) != .unaffected)
    }

    /// A followed user's message is about the first of their habits by name: their first log of a habit
    /// after it changes nothing, one before it or one the viewer logged too may change the message.
    @Test func aFirstLogAfterTheChosenHabitWakesNoHome() async throws {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.addUser(2, "Friend")
        for (id, name) in [(10, "Bake"), (11, "Cycle"), (12, "Draw"), (13, "Run")] { world.addHabit(Int64(id), name) }
        world.follows[1] = [2]
        world.setCount(user: 2, habit: 11, 3)
        world.setCount(user: 1, habit: 13, 1)
        let observing = ObservingSource(world)
        let home = try await ScreenBuilder(source: observing).document(
            for: ScreenRequest(screen: .home, viewerID: 1), revision: "1")
        #expect(home.sections[1].items[0].fallback.subtitle?.hasPrefix("Currently 1st in Cycle.") == true)
        let dependencies = observing.dependencies
        #expect(!dependencies.loggedHabitsOf.contains(2))
        func firstLog(_ habit: Int64) -> StoreChange {
            StoreChange(revision: 2, counts: [CountChange(userID: 2, habitID: habit, before: 0, after: 1)])
        }
        #expect(dependencies.impact(of: firstLog(12)) == .unaffected, "Draw comes after Cycle")
        #expect(dependencies.impact(of: firstLog(10)) == .reline(users: [2], rankings: []), "Bake comes before Cycle")
        #expect(dependencies.impact(of: firstLog(13)) == .reline(users: [2], rankings: []), "Run is the viewer's too")

        // The line then compares Bake: the patch writes it again, with the reads and changeset of a rebuild.
        var next = world
        next.setCount(user: 2, habit: 10, 1)
        let (reads, moved) = try await dependencies.reranked(in: next, changedHabits: [10])
        let request = ScreenRequest(screen: .home, viewerID: 1)
        let patch = try #require(
            try await ScreenBuilder(source: next).patched(
                home, for: request, reads: reads, moved: moved, relined: [2], revision: "2"))
        let rebuilt = ObservingSource(next)
        let new = try await ScreenBuilder(source: rebuilt).document(for: request, revision: "2")
        #expect(new.sections[1].items[0].fallback.subtitle?.hasPrefix("Currently 1st in Bake.") == true)
        #expect(patch.document == new)
        #expect(patch.reads == rebuilt.dependencies)
        #expect(patch.changeset == (try new.changeset(from: home)))
    }
}

/// One shared `MemoizingSource` across many screens gives the same documents as direct reads.
@Suite struct MemoizingSourceTests {
    @Test func sharedAnswersBuildTheSameDocuments() async throws {
        await forEachSeedAsync(count: UInt64(60)) { seed in
            var random = SeededRandom(seed: seed)
            let world = ChangesetPropertyTests.randomWorld(&random)
            let shared = MemoizingSource(world)
            for request in ChangesetPropertyTests.requests(in: world) {
                let direct = try await ScreenBuilder(source: world).document(for: request, revision: "1")
                let memoized = try await ScreenBuilder(source: ObservingSource(shared)).document(for: request,
                    revision: "1")
                #expect(memoized == direct, "seed \(seed) \(request)")
            }
        }
    }
}
