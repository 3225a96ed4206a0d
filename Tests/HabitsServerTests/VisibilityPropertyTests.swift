import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsScreens
import HabitsStore
import HabitsTestSupport
import Testing

/// Random accounts, visibilities, follows and logs in a real store: no screen of one account ever shows a
/// private account it may not see, and every ranking is the ranking among the people its viewer sees.
@Suite struct VisibilityPropertyTests {
    /// Names no other text of a screen holds, so that finding one in a document means showing its account.
    static let names = ["Quillon Vey", "Marisol Dunk", "Teodor Whim", "Ysolde Park"]

    /// The screens a viewer opens that name people, for every habit and user of the store.
    static func requests(viewerID: Int64, habitIDs: [Int64], userIDs: [Int64]) -> [ScreenRequest] {
        var requests = [ScreenName.home, .today, .habits, .users, .log, .streak].map {
            ScreenRequest(screen: $0, viewerID: viewerID)
        }
        requests += habitIDs.map { ScreenRequest(screen: .habit, viewerID: viewerID, habitID: $0) }
        requests += userIDs.map { ScreenRequest(screen: .user, viewerID: viewerID, userID: $0) }
        return requests
    }

    @Test func noScreenShowsAPrivateAccountItsViewerMayNotSee() async throws {
        await forEachSeedAsync(count: 6 as UInt64) { seed in
            try await Self.check(seed: seed)
        }
    }

    static func check(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content(withImage: false))
        var accounts: [Int64: String] = [:]
        for (index, name) in names.enumerated() {
            let user = User(
                id: 0, key: "account\(index)", name: name, color: nil, bio: nil, timeZone: "UTC", locale: "en_US")
            let (account, _) = try await store.createAccount(
                user, passwordHash: "h", visibility: Bool.random(using: &random) ? .private : .public, session: nil)
            accounts[account.id] = name
        }
        let users = try await store.users(page: PageRequest(limit: 100)).items.map(\.id)
        let habits = try await store.habits(page: PageRequest(limit: 100)).items.map(\.id)
        for _ in 0..<40 {
            let user = users.randomElement(using: &random) ?? 1
            let other = users.randomElement(using: &random) ?? 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let habit = habits.randomElement(using: &random) ?? 1
                let drafts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    LogDraft(userID: user, habitID: habit, timestamp: Fixture.now)
                }
                _ = try await store.createLogs(drafts)
            case 4..<7 where user != other:
                if try await store.setFollowing(userID: user, followedID: other, true) == .requested,
                    Bool.random(using: &random)
                {
                    try await store.answerFollowRequest(userID: other, requesterID: user, approve: true)
                }
            case 7 where user != other:
                try await store.setFollowing(userID: user, followedID: other, false)
            case 8 where accounts[user] != nil:
                _ = try await store.setVisibility(Bool.random(using: &random) ? .private : .public, userID: user)
            default:
                break
            }
        }
        try await expectNothingHiddenShows(store, users: users, habits: habits, accounts: accounts, seed: seed)
    }

    static func expectNothingHiddenShows(
        _ store: SQLiteHabitStore, users: [Int64], habits: [Int64], accounts: [Int64: String], seed: UInt64
    ) async throws {
        for viewer in users {
            var hidden: [Int64: String] = [:]
            for (id, name) in accounts where try await !store.maySee(userID: id, viewerID: viewer) { hidden[id] = name }
            let requests = requests(viewerID: viewer, habitIDs: habits, userIDs: users)
            let shown: [(ScreenRequest, Result<ScreenDocument, any Error>)] = try await store.readScreens { source in
                var shown: [(ScreenRequest, Result<ScreenDocument, any Error>)] = []
                for request in requests {
                    do {
                        let document = try await ScreenBuilder(source: ObservingSource(source), now: Fixture.now)
                            .document(for: request, revision: "1")
                        shown.append((request, .success(document)))
                    } catch {
                        shown.append((request, .failure(error)))
                    }
                }
                return shown
            }
            for (request, result) in shown {
                let context = "seed \(seed), viewer \(viewer), \(request.screen) \(request.userID ?? 0)"
                if let userID = request.userID, hidden[userID] != nil {
                    // A private account's own screen is as if it did not exist.
                    #expect(throws: ScreenError.unknownUser(String(userID)), "\(context)") { try result.get() }
                    continue
                }
                let json = String(decoding: try JSONEncoder().encode(try result.get()), as: UTF8.self)
                for (id, name) in hidden {
                    #expect(!json.contains(name), "\(context): shows \(name) (\(id))")
                }
            }
            try await expectRankingsAmongTheSeen(store, viewer: viewer, habits: habits, hidden: Set(hidden.keys))
        }
    }

    /// Standings, ranks and ties through the viewer's `VisibleSource` equal a count over the users it sees.
    static func expectRankingsAmongTheSeen(
        _ store: SQLiteHabitStore, viewer: Int64, habits: [Int64], hidden: Set<Int64>
    ) async throws {
        let counters = try await store.storedCounters()
        for habit in habits {
            let seen = counters.filter { $0.habitID == habit && !hidden.contains($0.userID) }
            let (standings, probes) = try await store.readScreens { base in
                let source = VisibleSource(ObservingSource(base), viewerID: viewer)
                var probes: [Int: RankPosition] = [:]
                for count in 1...8 { probes[count] = try await source.position(habitID: habit, count: count) }
                return (try await source.standings(habitID: habit, limit: nil), probes)
            }
            #expect(Set(standings.map(\.user.id)) == Set(seen.map(\.userID)), "viewer \(viewer), habit \(habit)")
            #expect(standings.map(\.count) == seen.map(\.count).sorted(by: >))
            for (count, position) in probes {
                #expect(position.rank == 1 + seen.count { $0.count > count })
                #expect(position.usersWithCount == seen.count { $0.count == count })
            }
        }
    }
}
