import HabitsDomain
import HabitsStore

extension MemoizingSource {
    /// Reads ahead, for a batch of builds, every answer the Homes of `viewerIDs` and the rank `rechecks`
    /// will ask, in a few batched reads of the base where one Home alone asks about sixty questions, a round
    /// trip each. On PostgreSQL, whatever the batch's size, that is two queries for Homes (the viewers with
    /// the people they follow and everyone's counts; the standings and positions), one more when the habit
    /// list changed since it was last read, and one more for the counts of users only rechecks ask about.
    /// The builds then find every answer here; what they ask is unchanged, so an answer read ahead that no
    /// build asks costs only its share of a query.
    ///
    /// Each pass asks what the answers of the passes before it decide: the viewers' favourites, follows
    /// and counts; the counts of the people they follow (which of their habits a line compares); the top
    /// two of each favourite habit and every position a card or a line shows.
    ///
    /// - Complexity: O(v (f + h) + r) work for v viewers following f people, h habits and r rank reads,
    ///   and at most four reads of the base.
    public func readAhead(homesOf viewerIDs: [Int64], rechecking rechecks: [ScreenDependencies] = []) async throws {
        // Pass 1: what each Home asks first.
        if !viewerIDs.isEmpty {
            try await prefetch(viewers: viewerIDs)
            _ = try await habits()
        }
        // Pass 2: the counts of the people the viewers follow, and of those whose ranks rechecks ask again.
        var counted: Set<Int64> = []
        for id in viewerIDs {
            for user in try await followedUsers(userID: id) { counted.insert(user.id) }
        }
        for reads in rechecks {
            for pair in reads.userRanks.keys { counted.insert(pair.userID) }
        }
        try await prefetchCounts(userIDs: counted)
        // Pass 3: the favourites' top two, and the positions the cards, the lines and the rechecks show.
        var plan = HomeReads()
        for id in viewerIDs { try await plan.add(homeOf: id, in: self) }
        for reads in rechecks {
            for pair in reads.userRanks.keys {
                let count = try await count(userID: pair.userID, habitID: pair.habitID)
                plan.positions.insert(RankedCount(habitID: pair.habitID, count: count))
            }
        }
        try await prefetchStandingsAndPositions(
            habitIDs: plan.leaderboards, limit: HomeReads.leaderboardLength, positions: plan.positions)
    }
}

/// The reads of Home's third pass, gathered over a batch of viewers.
struct HomeReads {
    /// How many standings a leaderboard card reads.
    static let leaderboardLength = 2
    /// The viewers' favourite habits, each a card with its top standings.
    var leaderboards: Set<Int64> = []
    /// The positions the cards and the followed users' lines show.
    var positions: Set<RankedCount> = []

    /// Adds what `viewerID`'s Home reads, found as the builder finds it: through what the viewer may see
    /// (`VisibleSource`), from the answers of the first two passes.
    ///
    /// - Complexity: O(f + h) for the f users the viewer follows and the h habits.
    mutating func add(homeOf viewerID: Int64, in memo: MemoizingSource) async throws {
        let visible = VisibleSource(memo, viewerID: viewerID)
        guard try await visible.user(id: viewerID) != nil else { return }
        let favorites = try await visible.favoriteHabitIDs(userID: viewerID)
        let counts = try await visible.counts(userID: viewerID)
        // A card reads the viewer's position when it shows the viewer: whenever the viewer logged the habit.
        for habitID in favorites {
            leaderboards.insert(habitID)
            if let count = counts[habitID] { positions.insert(RankedCount(habitID: habitID, count: count)) }
        }
        let comparison = FollowedUserComparison(
            source: visible, viewerCounts: counts, favorites: favorites, habits: try await visible.habits())
        for user in try await visible.followedUsers(userID: viewerID) {
            guard let (habit, viewerCount) = comparison.comparedHabit(try await comparison.choice(about: user.id))
            else { continue }
            let theirs = try await memo.count(userID: user.id, habitID: habit.id)
            positions.insert(RankedCount(habitID: habit.id, count: theirs))
            if let viewerCount { positions.insert(RankedCount(habitID: habit.id, count: viewerCount)) }
        }
    }
}
