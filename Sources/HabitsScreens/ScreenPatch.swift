import HabitsDomain
import HabitsStore

/// A document changed in place, with the changeset from the document it was patched from.
public struct ScreenPatch: Hashable, Sendable {
    public var document: ScreenDocument
    public var changeset: ScreenChangeset
}

extension ScreenBuilder {
    /// `document` after a change that left every read it made as it was but the users' ranks in `moved`
    /// (a failed recheck: `ScreenDependencies.reranked(in:)`), with only the items that show those ranks
    /// built again; nil when the screen's items cannot be found by the ranks they show.
    ///
    /// Only Home reads users' ranks without their counts, one per followed user's line and nowhere else,
    /// so its patch rewrites those lines. A Home rebuilt in full would read the same viewer, favourites,
    /// counts and follows, and show the same cards, which is what makes the patch equal to a rebuild.
    ///
    /// - Complexity: O(n + m × h) for the document's n items and the m moved users' lines over h habits.
    public func patched(
        _ document: ScreenDocument, for request: ScreenRequest, moved: Set<ScreenDependencies.Pair>, revision: String
    ) async throws -> ScreenPatch? {
        guard request.screen == .home, !moved.isEmpty,
            let sectionIndex = document.sections.firstIndex(where: { $0.id == "followedUsers" })
        else { return nil }
        let source = VisibleSource(source, viewerID: request.viewerID)
        let comparison = FollowedUserComparison(
            source: source, viewerCounts: try await source.counts(userID: request.viewerID),
            favorites: try await source.favoriteHabitIDs(userID: request.viewerID), habits: try await source.habits())
        var patched = document
        patched.revision = revision
        var stage = ScreenStage()
        let movedUsers = Set(moved.map(\.userID))
        var found = 0
        for (itemIndex, item) in document.sections[sectionIndex].items.enumerated() {
            guard let line = item.content.as(FollowedUser.self),
                let userID = HomeItemID.followedUserID(item.id), movedUsers.contains(userID)
            else { continue }
            found += 1
            let message = try await comparison.message(about: userID)
            guard message != line.message else { continue }
            let new = Self.followedUserItem(userID: userID, name: line.userName, message: message)
            patched.sections[sectionIndex].items[itemIndex] = new
            stage.itemUpdates.append(ItemValue(section: sectionIndex, item: itemIndex, value: new))
        }
        // A moved rank that no line shows: the document is not what this patch knows how to change.
        guard found == movedUsers.count else { return nil }
        let changeset = ScreenChangeset(
            screen: document.screen, from: document.revision, revision: revision, title: nil,
            stages: stage.itemUpdates.isEmpty ? [] : [stage])
        return ScreenPatch(document: patched, changeset: changeset)
    }
}
