import HabitsDomain

/// What a viewer's Home asks of the store first, for `ScreenSource.viewerReads(userIDs:)`: each the answer
/// of the one-viewer read of the same name.
public struct ViewerReads: Sendable {
    public var user: User?
    public var favoriteHabitIDs: Set<Int64>
    public var followedUsers: [User]
    public var counts: [Int64: Int]
    /// The counts of followed users, by user, when the store read them with the viewer (what Home asks
    /// next); a followed user missing here is read later.
    public var followedCounts: [Int64: [Int64: Int]]

    public init(
        user: User?, favoriteHabitIDs: Set<Int64>, followedUsers: [User], counts: [Int64: Int],
        followedCounts: [Int64: [Int64: Int]] = [:]
    ) {
        self.user = user
        self.favoriteHabitIDs = favoriteHabitIDs
        self.followedUsers = followedUsers
        self.counts = counts
        self.followedCounts = followedCounts
    }
}

/// A count in one habit's ranking: the question of `ScreenSource.position(habitID:count:)`.
public struct RankedCount: Hashable, Sendable {
    public var habitID: Int64
    public var count: Int

    public init(habitID: Int64, count: Int) {
        self.habitID = habitID
        self.count = count
    }
}

/// One question after the other, through the one-at-a-time reads: right for a store whose reads cost no
/// round trip, which therefore does not read ahead.
extension ScreenSource {
    public var readsAheadInBatches: Bool { false }

    /// - Complexity: four reads per viewer.
    public func viewerReads(userIDs: [Int64]) async throws -> [Int64: ViewerReads] {
        var reads: [Int64: ViewerReads] = [:]
        for id in Set(userIDs) {
            reads[id] = ViewerReads(
                user: try await user(id: id), favoriteHabitIDs: try await favoriteHabitIDs(userID: id),
                followedUsers: try await followedUsers(userID: id), counts: try await counts(userID: id))
        }
        return reads
    }

    /// - Complexity: one read per user.
    public func counts(userIDs: [Int64]) async throws -> [Int64: [Int64: Int]] {
        var counts: [Int64: [Int64: Int]] = [:]
        for id in Set(userIDs) { counts[id] = try await self.counts(userID: id) }
        return counts
    }

    /// - Complexity: one read per habit.
    public func standings(habitIDs: [Int64], limit: Int) async throws -> [Int64: [Standing]] {
        var standings: [Int64: [Standing]] = [:]
        for id in Set(habitIDs) { standings[id] = try await self.standings(habitID: id, limit: limit) }
        return standings
    }

    /// - Complexity: one read per pair.
    public func positions(_ counts: [RankedCount]) async throws -> [RankedCount: RankPosition] {
        var positions: [RankedCount: RankPosition] = [:]
        for key in Set(counts) { positions[key] = try await position(habitID: key.habitID, count: key.count) }
        return positions
    }

    /// - Complexity: one read per habit and one per pair.
    public func standingsAndPositions(
        habitIDs: [Int64], limit: Int, positions counts: [RankedCount]
    ) async throws -> (standings: [Int64: [Standing]], positions: [RankedCount: RankPosition]) {
        (try await standings(habitIDs: habitIDs, limit: limit), try await positions(counts))
    }
}
