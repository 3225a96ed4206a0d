import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Private accounts as every store keeps them: out of the rankings, followed only with approval.
@Suite struct VisibilityStoreTests {
    /// Logs `times` logs of `habitID` for `userID`.
    func log(_ store: any HabitStore, _ userID: Int64, _ habitID: Int64, times: Int) async throws {
        let drafts = (0..<times).map { _ in LogDraft(userID: userID, habitID: habitID, timestamp: Fixture.now) }
        _ = try await store.createLogs(drafts)
    }

    /// The habit's standings, a rank and a position, as screens read them.
    func ranking(_ store: any HabitStore, _ habitID: Int64) async throws
        -> (standings: [Int64], rankOfTwo: Int, atTwo: Int)
    {
        try await store.readScreens { source in
            let standings = try await source.standings(habitID: habitID, limit: nil).map(\.user.id)
            let position = try await source.position(habitID: habitID, count: 2)
            return (standings, try await source.rank(habitID: habitID, count: 2), position.usersWithCount)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aPrivateAccountLeavesTheRankingsAndComesBack(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let read = try await habitID(store, named: "Read")
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .public, session: nil)
            let bob = try await userID(store, key: "user1")
            try await log(store, ada.id, read, times: 3)
            try await log(store, bob, read, times: 2)
            let before = try await ranking(store, read)
            #expect(before.standings.prefix(2) == [ada.id, bob])
            #expect(before.rankOfTwo == 2 && before.atTwo == 1)

            let hidden = try await store.setVisibility(.private, userID: ada.id)
            #expect(hidden.visibility == .private && hidden.user.visibility == .private)
            // A log while private stays out too, and so does a new habit's counter.
            try await log(store, ada.id, read, times: 1)
            let run = try await habitID(store, named: "Run")
            try await log(store, ada.id, run, times: 1)
            let privately = try await ranking(store, read)
            #expect(!privately.standings.contains(ada.id))
            #expect(privately.rankOfTwo == before.rankOfTwo - 1 && privately.atTwo == 1)
            #expect(try await ranking(store, run).standings.contains(ada.id) == false)
            // The counts themselves are kept.
            #expect(try await store.readScreens { try await $0.count(userID: ada.id, habitID: read) } == 4)

            _ = try await store.setVisibility(.public, userID: ada.id)
            let after = try await ranking(store, read)
            #expect(after.standings.first == ada.id && after.rankOfTwo == before.rankOfTwo)
            #expect(try await ranking(store, run).standings.contains(ada.id))
            // Every user a screen lists carries its visibility.
            let listed = try await store.readScreens { try await $0.user(id: ada.id) }
            #expect(listed?.visibility == .public)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func followingAPrivateAccountWaitsForItsApproval(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .private, session: nil)
            let bob = try await userID(store, key: "user1")
            let carol = try await userID(store, key: "user2")
            #expect(try await store.maySee(userID: ada.id, viewerID: bob) == false)
            #expect(try await store.maySee(userID: ada.id, viewerID: ada.id))
            #expect(try await store.maySee(userID: bob, viewerID: ada.id))

            #expect(try await store.setFollowing(userID: bob, followedID: ada.id, true) == .requested)
            #expect(try await store.setFollowing(userID: bob, followedID: ada.id, true) == .requested)
            #expect(try await store.setFollowing(userID: carol, followedID: ada.id, true) == .requested)
            #expect(try await store.followRequests(userID: ada.id).map(\.user.id) == [bob, carol])
            #expect(try await store.following(userID: bob, page: PageRequest(limit: 10)).items.isEmpty)

            try await store.answerFollowRequest(userID: ada.id, requesterID: bob, approve: true)
            try await store.answerFollowRequest(userID: ada.id, requesterID: carol, approve: false)
            #expect(try await store.followRequests(userID: ada.id).isEmpty)
            #expect(try await store.following(userID: bob, page: PageRequest(limit: 10)).items.map(\.id) == [ada.id])
            #expect(try await store.maySee(userID: ada.id, viewerID: bob))
            #expect(try await store.maySee(userID: ada.id, viewerID: carol) == false)
            await #expect(throws: HabitsError.notFound(kind: .followRequest, id: String(carol))) {
                try await store.answerFollowRequest(userID: ada.id, requesterID: carol, approve: true)
            }

            // Following again changes nothing; stopping withdraws a waiting request too.
            #expect(try await store.setFollowing(userID: bob, followedID: ada.id, true) == .following)
            #expect(try await store.setFollowing(userID: carol, followedID: ada.id, true) == .requested)
            #expect(try await store.setFollowing(userID: carol, followedID: ada.id, false) == .notFollowing)
            #expect(try await store.followRequests(userID: ada.id).isEmpty)
            // Ada lists her followers and removes Bob.
            #expect(try await store.followers(userID: ada.id, limit: 10).map(\.id) == [bob])
            try await store.setFollowing(userID: bob, followedID: ada.id, false)
            #expect(try await store.followers(userID: ada.id, limit: 10).isEmpty)
            #expect(try await store.maySee(userID: ada.id, viewerID: bob) == false)
            // A public account is followed at once.
            #expect(try await store.setFollowing(userID: ada.id, followedID: carol, true) == .following)
            await #expect(throws: HabitsError.self) { _ = try await store.maySee(userID: 999, viewerID: bob) }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func deletingARequesterOrTheAccountRemovesItsRequests(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (ada, _) = try await store.createAccount(
                newUser("ada"), passwordHash: "h", visibility: .private, session: nil)
            let (bob, _) = try await store.createAccount(
                newUser("bob"), passwordHash: "h", visibility: .public, session: nil)
            #expect(try await store.setFollowing(userID: bob.id, followedID: ada.id, true) == .requested)
            try await store.deleteAccount(userID: bob.id)
            #expect(try await store.followRequests(userID: ada.id).isEmpty)
            let carol = try await userID(store, key: "user2")
            #expect(try await store.setFollowing(userID: carol, followedID: ada.id, true) == .requested)
            try await store.deleteAccount(userID: ada.id)
            await #expect(throws: HabitsError.self) { _ = try await store.followRequests(userID: ada.id) }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func followRequestsAreBoundedPerDayAndWithdrawingGivesNoPlaceBack(
        implementation: StoreImplementation
    ) async throws {
        try await withStore(implementation) { store in
            let bob = try await userID(store, key: "user1")
            let bound = AccountRules.maximumFollowRequestsPerDay
            var privateIDs: [Int64] = []
            for index in 0...bound {
                let (account, _) = try await store.createAccount(
                    newUser("private\(index)"), passwordHash: "h", visibility: .private, session: nil)
                privateIDs.append(account.id)
            }
            // The first request and its repeat count once; withdrawing and asking again counts again.
            #expect(try await store.setFollowing(userID: bob, followedID: privateIDs[0], true) == .requested)
            #expect(try await store.setFollowing(userID: bob, followedID: privateIDs[0], true) == .requested)
            #expect(try await store.setFollowing(userID: bob, followedID: privateIDs[0], false) == .notFollowing)
            #expect(try await store.setFollowing(userID: bob, followedID: privateIDs[0], true) == .requested)
            for id in privateIDs[1..<(bound - 1)] {
                #expect(try await store.setFollowing(userID: bob, followedID: id, true) == .requested)
            }
            // That is the day's hundred: the next is refused and written nowhere.
            await #expect(throws: StoreRefusal.followRequestLimit) {
                try await store.setFollowing(userID: bob, followedID: privateIDs[bound - 1], true)
            }
            #expect(try await store.followRequests(userID: privateIDs[bound - 1]).isEmpty)
            // A request already waiting is still answered as waiting; a public account is followed at once.
            #expect(try await store.setFollowing(userID: bob, followedID: privateIDs[1], true) == .requested)
            let carol = try await userID(store, key: "user2")
            #expect(try await store.setFollowing(userID: bob, followedID: carol, true) == .following)
            // Someone else's requests have their own count.
            let dan = try await userID(store, key: "user3")
            #expect(try await store.setFollowing(userID: dan, followedID: privateIDs[bound], true) == .requested)
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func aNameThatLooksLikeAnothersIsRefused(implementation: StoreImplementation) async throws {
        try await withStore(implementation) { store in
            let (alice, _) = try await store.createAccount(
                newUser("alice", name: "Alice Liddell"), passwordHash: "h", visibility: .public, session: nil)
            // A username or a display name like her username or her name: refused, nothing written.
            for (key, name) in [("aIice", "Someone"), ("someone", "alice"), ("someone", "AIice LiddeII"),
                                ("someone", "Аlice Liddell")] {
                await #expect(throws: HabitsError.self, "\(key) \(name)") {
                    try await store.createAccount(
                        newUser(key, name: name), passwordHash: "h", visibility: .public, session: nil)
                }
            }
            #expect(try await store.credentials(username: "someone") == nil)
            // A name of one's own alike with one's own username is no one else's.
            let (bob, _) = try await store.createAccount(
                newUser("bob", name: "Bob"), passwordHash: "h", visibility: .public, session: nil)
            // Renaming to a look-alike is refused; to one's own username, accepted.
            await #expect(throws: StoreRefusal.confusableName) {
                try await store.updateUser(id: bob.id) { var user = $0; user.name = "aIice"; return user }
            }
            #expect(try await store.user(id: bob.id).name == "Bob")
            _ = try await store.updateUser(id: bob.id) { var user = $0; user.name = "bob"; return user }
            // A free name is free again once its holder changes theirs.
            _ = try await store.updateUser(id: alice.id) { var user = $0; user.name = "Ally"; return user }
            _ = try await store.updateUser(id: bob.id) { var user = $0; user.name = "Alice Liddell"; return user }
            #expect(try await store.user(id: bob.id).name == "Alice Liddell")
        }
    }
}
