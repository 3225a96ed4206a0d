import Foundation
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

/// Random writes through the real store: after each, the store's reported change and each screen's
/// recorded reads must agree with a rebuild. A screen whose reads the change does not touch is
/// unchanged, and every screen's changeset replays the write on its previous document.
@Suite struct LivePropertyTests {
    /// One screen built in the store with what it read.
    struct Built {
        var document: ScreenDocument
        var dependencies: ScreenDependencies
    }

    /// The habits whose rankings `impact` asks to build again, nil for another impact.
    static func rankings(_ impact: ScreenImpact?) -> Set<Int64>? {
        switch impact {
        case .rerank(let rankings)?: rankings
        case .reline(_, let rankings)?: rankings
        default: nil
        }
    }

    /// The users whose logged habits `impact` asks to write every followed user's line again for.
    static func relined(_ impact: ScreenImpact?) -> Set<Int64> {
        if case .reline(let users, _)? = impact { users } else { [] }
    }

    /// Expects a patch to be the rebuild: its document, the rebuild's changeset from the old document, and its reads.
    static func expect(
        _ patch: ScreenPatch, equals rebuilt: Built, changeset: ScreenChangeset, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(patch.document == rebuilt.document, "\(context): patched", sourceLocation: sourceLocation)
        #expect(patch.changeset == changeset, "\(context)", sourceLocation: sourceLocation)
        #expect(patch.reads == rebuilt.dependencies, "\(context)", sourceLocation: sourceLocation)
    }

    static func build(_ requests: [ScreenRequest], in store: SQLiteHabitStore) async throws -> [ScreenRequest: Built] {
        try await store.readScreens { source in
            var built: [ScreenRequest: Built] = [:]
            for request in requests {
                let observing = ObservingSource(source)
                // A screen of a deleted habit or user has no document any more.
                guard
                    let document = try? await ScreenBuilder(source: observing, now: Fixture.now)
                        .document(for: request, revision: "r")
                else { continue }
                built[request] = Built(document: document, dependencies: observing.dependencies)
            }
            return built
        }
    }

    /// One random write through either API.
    static func write(
        _ store: SQLiteHabitStore, _ random: inout SeededRandom, users: [Int64], habits: [Int64], logs: inout [Int64]
    ) async throws {
        guard let user = users.randomElement(using: &random), let habit = habits.randomElement(using: &random) else {
            return
        }
        let other = users.randomElement(using: &random) ?? user
        let timestamp = Fixture.now.addingTimeInterval(-Double.random(in: 0...100_000, using: &random))
        switch Int.random(in: 0..<14, using: &random) {
        case 12, 13:
            // A day of the streak calendar, in the user's zone: today or one of the three before.
            let day = LocalDay(Fixture.now, in: TimeZone(identifier: "UTC") ?? .current)
                .adding(days: -Int.random(in: 0...3, using: &random))
            if Bool.random(using: &random) {
                try await store.markDay(userID: user, habitID: habit, day: day, now: Fixture.now)
            } else {
                try await store.unmarkDay(userID: user, habitID: habit, day: day, now: Fixture.now)
            }
        case 0..<5:
            let count = Int.random(in: 1...3, using: &random)
            let drafts = (0..<count).map { _ in LogDraft(userID: user, habitID: habit, timestamp: timestamp) }
            logs += try await store.createLogs(drafts).map(\.id)
        case 5:
            let key = try await store.user(id: user).key
            let name = try await store.habit(id: habit).name
            logs.append(try await store.log(CourseAPI.LoggedHabit(userID: key, habitName: name, timestamp: timestamp)))
        case 6, 7:
            // Unmarking a day may have removed the log already.
            if let index = logs.indices.randomElement(using: &random) {
                try? await store.deleteLog(id: logs.remove(at: index))
            }
        case 8:
            try await store.setFavorite(userID: user, habitID: habit, Bool.random(using: &random))
        case 9:
            if other != user {
                try await store.setFollowing(userID: user, followedID: other, Bool.random(using: &random))
            }
        case 10:
            let suffix = Int.random(in: 0..<1_000, using: &random)
            _ = try? await store.updateUser(id: user) { user in
                var renamed = user
                renamed.name = "Person \(suffix)"
                return renamed
            }
        default:
            _ = try? await store.updateHabit(id: habit) { habit in
                var renamed = habit
                renamed.info = "Changed \(timestamp)"
                return renamed
            }
        }
    }

    @Test func reportedChangesAndRecordedReadsAgreeWithRebuilds() async throws {
        var totalKept = 0
        var patched = 0
        var cardPatches = 0
        var linePatches = 0
        for seed in PropertySeeds.current.seeds(defaultCount: 6) {
            var random = SeededRandom(seed: seed)
            let (store, usersByKey, habitsByName) = try await screenStore()
            let users = usersByKey.values.sorted()
            let habits = habitsByName.values.sorted()
            var logs: [Int64] = []
            var requests: [ScreenRequest] = []
            for viewer in users.prefix(2) {
                for screen in [ScreenName.home, .habits, .users, .log] {
                    requests.append(ScreenRequest(screen: screen, viewerID: viewer))
                }
                for habit in habits { requests.append(ScreenRequest(screen: .habit, viewerID: viewer, habitID: habit)) }
                for user in users { requests.append(ScreenRequest(screen: .user, viewerID: viewer, userID: user)) }
                requests.append(ScreenRequest(screen: .streak, viewerID: viewer))
                for habit in habits {
                    requests.append(ScreenRequest(screen: .streak, viewerID: viewer, habitID: habit))
                }
            }
            // A user whose follows no built screen reads: toggling them after each write makes every step
            // report something, even a write that changed nothing (a favourite set twice).
            let marker = try await store.createUser(
                User(
                    id: 0, key: "marker", name: "Marker", color: nil, bio: nil, timeZone: "UTC", locale: "en_US"))
            var markerFollows = false
            var changes = store.storeChanges().makeAsyncIterator()
            var before = try await Self.build(requests, in: store)
            // The reads as the hub holds them: kept while unaffected, updated by a recheck that keeps the
            // document, replaced by a rebuild.
            var held = before.mapValues(\.dependencies)
            var skipped = 0
            var kept = 0
            for step in 0..<60 {
                try await Self.write(store, &random, users: users, habits: habits, logs: &logs)
                markerFollows.toggle()
                try await store.setFollowing(userID: marker.id, followedID: users[0], markerFollows)
                let change = await changes.next()
                let after = try await Self.build(requests, in: store)
                let impacts = held.compactMapValues { dependencies in change.map { dependencies.impact(of: $0) } }
                let toRecheck = held.filter { impacts[$0.key] == .recheck || Self.rankings(impacts[$0.key]) != nil }
                let rechecked = try await store.readScreens { source in
                    try await toRecheck.asyncMapValues { try await $0.rechecked(in: source) }
                }
                // Where a rank moved, the patch the hub makes instead of a rebuild, on the real store.
                let documents = before.mapValues(\.document)
                let patches = try await store.readScreens { source in
                    var patches: [ScreenRequest: ScreenPatch] = [:]
                    for (request, reads) in toRecheck {
                        let (reranked, moved) = try await reads.reranked(in: source)
                        let rankings = Self.rankings(impacts[request]) ?? []
                        let relined = Self.relined(impacts[request])
                        guard !moved.isEmpty || !rankings.isEmpty || !relined.isEmpty, let old = documents[request]
                        else { continue }
                        patches[request] = try await ScreenBuilder(source: MemoizingSource(source), now: Fixture.now)
                            .patched(
                                old, for: request, reads: reranked, moved: moved, rankings: rankings,
                                relined: relined, revision: "r")
                    }
                    return patches
                }
                for request in requests {
                    guard let old = before[request], let new = after[request] else {
                        held[request] = after[request]?.dependencies
                        continue
                    }
                    let changeset = try new.document.changeset(from: old.document)
                    #expect(try old.document.applying(changeset) == new.document, "seed \(seed) step \(step)")
                    if let change, !old.dependencies.isAffected(by: change) {
                        skipped += 1
                        #expect(
                            new.document == old.document,
                            "seed \(seed) step \(step): \(String(describing: change)) missed \(request)")
                    }
                    switch impacts[request] {
                    case .unaffected:
                        #expect(new.document == old.document, "seed \(seed) step \(step): held reads missed \(request)")
                    case .recheck:
                        if let rechecked = rechecked[request] ?? nil {
                            kept += 1
                            #expect(new.document == old.document, "seed \(seed) step \(step): recheck kept \(request)")
                            #expect(new.dependencies == rechecked, "seed \(seed) step \(step): \(request)")
                            held[request] = rechecked
                        } else {
                            held[request] = new.dependencies
                            let patch = try #require(patches[request], "seed \(seed) step \(step): \(request)")
                            patched += 1
                            Self.expect(
                                patch, equals: new, changeset: changeset, "seed \(seed) step \(step): \(request)")
                        }
                    case .rerank where request.screen == .home:
                        held[request] = new.dependencies
                        let patch = try #require(patches[request], "seed \(seed) step \(step): \(request)")
                        cardPatches += 1
                        Self.expect(patch, equals: new, changeset: changeset, "seed \(seed) step \(step): \(request)")
                    case .reline where request.screen == .home:
                        held[request] = new.dependencies
                        // A viewer who sees private users is rebuilt (`ScreenBuilder.patched`).
                        guard let patch = patches[request] else {
                            #expect(!old.dependencies.pairCounts.isEmpty, "seed \(seed) step \(step): \(request)")
                            continue
                        }
                        linePatches += 1
                        Self.expect(patch, equals: new, changeset: changeset, "seed \(seed) step \(step): \(request)")
                    default: held[request] = new.dependencies
                    }
                }
                before = after
            }
            #expect(skipped > 500, "seed \(seed): the recorded reads filter")
            totalKept += kept
        }
        #expect(totalKept > 0, "rechecks must keep some documents")
        #expect(patched > 0, "some rechecks must patch")
        #expect(cardPatches > 0, "some patches must build leaderboard cards again")
        #expect(linePatches > 0, "some patches must write every line again")
    }
}
