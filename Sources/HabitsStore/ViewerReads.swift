import HabitsDomain

/// What a viewer's Home asks of the store first, for `ScreenSource.viewerReads(userIDs:)`: each the answer
/// of the one-viewer read of the same name.
public struct ViewerReads: Sendable {
    public var user: User?
    public var favoriteHabitIDs: Set<Int64>
    public var followedUsers: [User]
    public var counts: [Int64: Int]

    public init(user: User?, favoriteHabitIDs: Set<Int64>, followedUsers: [User], counts: [Int64: Int]) {
        self.user = user
        self.favoriteHabitIDs = favoriteHabitIDs
        self.followedUsers = followedUsers
        self.counts = counts
    }
}

extension ScreenSource {
    /// One viewer after the other, through the one-viewer reads: right for a store whose reads cost no
    /// round trip.
    ///
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
}
