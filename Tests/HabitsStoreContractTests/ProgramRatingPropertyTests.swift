import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Programs' rating totals against a brute-force model: after any sequence of ratings, re-ratings,
/// removals, deletions of users and changes of visibility, every program's count and star total are those
/// of the ratings left by public users (a private account's ratings count nowhere).
@Suite(.timeLimit(.minutes(10))) struct ProgramRatingPropertyTests {
    @Test(arguments: StoreImplementation.allCases)
    func ratingTotalsMatchTheRatingsLeft(implementation: StoreImplementation) async throws {
        await forEachSeedAsync(count: 20 as UInt64) { seed in
            var random = SeededRandom(seed: seed)
            let store = try await implementation.makeFixture()
            var programIDs: [Int64] = []
            for index in 0..<3 {
                programIDs.append(try await store.createProgram(fixtureProgram("Program \(index)")).id)
            }
            var users: Set<Int64> = [1, 2, 3, 4, 5]
            // Two accounts, whose visibility changes as the test goes.
            var privateUsers: Set<Int64> = []
            var accounts: [Int64] = []
            for name in ["rater-a", "rater-b"] {
                let visibility: Visibility = Bool.random(using: &random) ? .private : .public
                let (account, _) = try await store.createAccount(
                    newUser(name), passwordHash: "x", visibility: visibility, session: nil)
                accounts.append(account.id)
                users.insert(account.id)
                if visibility == .private { privateUsers.insert(account.id) }
            }
            let unknown = (users.max() ?? 0) + 1
            // The model: every rating left, by (user, program).
            var ratings: [[Int64]: Int] = [:]
            func summary(of program: Int64) -> RatingSummary {
                Self.summary(of: program, ratings.filter { !privateUsers.contains($0.key[0]) })
            }
            for step in 0..<60 {
                let user = Int64.random(in: 1...unknown, using: &random)
                let program = programIDs.randomElement(using: &random) ?? 0
                let exists = users.contains(user)
                if exists, accounts.contains(user), Int.random(in: 0..<5, using: &random) == 0 {
                    let becomesPrivate = !privateUsers.contains(user)
                    _ = try await store.setVisibility(becomesPrivate ? .private : .public, userID: user)
                    if becomesPrivate { privateUsers.insert(user) } else { privateUsers.remove(user) }
                }
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let stars = Int.random(in: 1...5, using: &random)
                    do {
                        let rated = try await store.rateProgram(userID: user, programID: program, stars: stars)
                        #expect(exists, "seed \(seed) step \(step): rated as an unknown user")
                        ratings[[user, program]] = stars
                        #expect(rated.rating == summary(of: program), "seed \(seed) step \(step)")
                    } catch HabitsError.notFound(kind: .user, _) {
                        #expect(!exists, "seed \(seed) step \(step)")
                    }
                case 6..<9:
                    do {
                        try await store.removeRating(userID: user, programID: program)
                        ratings[[user, program]] = nil
                    } catch HabitsError.notFound(kind: .user, _) {
                        #expect(!exists, "seed \(seed) step \(step)")
                    }
                default:
                    guard exists else { continue }
                    try await store.deleteUser(id: user, cascade: true)
                    users.remove(user)
                    ratings = ratings.filter { $0.key[0] != user }
                }
                for id in programIDs {
                    let stored = try await store.program(id: id).rating
                    #expect(stored == summary(of: id), "seed \(seed) step \(step) program \(id)")
                }
            }
            let remaining = users
            let onScreen = try await store.readScreens { source in
                var read: [(Int64, [Int64: Int])] = []
                for user in remaining { read.append((user, try await source.programRatings(userID: user))) }
                return read
            }
            for (user, byProgram) in onScreen {
                let expected = Dictionary(
                    uniqueKeysWithValues: ratings.filter { $0.key[0] == user }.map { ($0.key[1], $0.value) })
                #expect(byProgram == expected, "seed \(seed) user \(user)")
            }
        }
    }

    /// The summary the model's ratings of `program` make.
    static func summary(of program: Int64, _ ratings: [[Int64]: Int]) -> RatingSummary {
        let stars = ratings.filter { $0.key[1] == program }.map(\.value)
        return RatingSummary(count: stars.count, starTotal: stars.reduce(0, +))
    }
}
