import HabitsDomain
import HabitsStore

/// A document changed in place, with the changeset from the document it was patched from and what a
/// rebuild of it would have read.
public struct ScreenPatch: Hashable, Sendable {
    public var document: ScreenDocument
    public var changeset: ScreenChangeset
    public var reads: ScreenDependencies

    /// Whether a patch can build a screen's items that show rankings again (`ScreenImpact.rerank`): Home's
    /// cards can; any other screen is rebuilt.
    public static func rebuildsRankings(of screen: ScreenName) -> Bool { screen == .home }

    /// `document.estimatedByteCount`, from that of `base`, the document it was patched from.
    ///
    /// - Complexity: O(u) for the u items it wrote again.
    public func estimatedByteCount(patching base: ScreenDocument, baseBytes: Int) -> Int {
        document.estimatedByteCount(
            patchedFrom: base, baseBytes: baseBytes, updates: changeset.stages.lazy.flatMap(\.itemUpdates))
    }
}

extension ScreenBuilder {
    /// `document` after a change that left every read it made as it was but the users' ranks in `moved` and
    /// the rankings of the habits in `rankings` (`ScreenImpact.rerank`), with only the items that show
    /// those built again; nil when the screen's items cannot be found by what they show. `reads` are the
    /// document's reads with every user's rank asked again (`ScreenDependencies.reranked(in:)`).
    ///
    /// Only Home reads users' ranks without their counts, one per followed user's line and nowhere else,
    /// and on Home only a habit's leaderboard card reads its top list and positions. So the patch rewrites
    /// those lines and cards. A Home rebuilt in full would read the same viewer, favourites, counts and
    /// follows, and show the same other items, which is what makes the patch equal to a rebuild.
    ///
    /// - Complexity: O(n + m × h + k) for the document's n items, the m moved users' lines over h habits
    ///   and the k cards built again.
    public func patched(
        _ document: ScreenDocument, for request: ScreenRequest, reads: ScreenDependencies,
        moved: Set<ScreenDependencies.Pair>, rankings: Set<Int64> = [], relined: Set<Int64> = [], revision: String
    ) async throws -> ScreenPatch? {
        guard request.screen == .home, !moved.isEmpty || !rankings.isEmpty || !relined.isEmpty else { return nil }
        var patched = document
        patched.revision = revision
        var stage = ScreenStage()
        var reads = reads
        // Cards first: they are the first section, and a changeset lists its updates in document order.
        if !rankings.isEmpty {
            guard
                try await patchCards(
                    &patched, rankings: rankings, viewerID: request.viewerID, reads: &reads, stage: &stage)
            else { return nil }
        }
        if !relined.isEmpty {
            // Every line, which writes the moved ones too.
            guard try await patchEveryLine(&patched, viewerID: request.viewerID, reads: &reads, stage: &stage) else {
                return nil
            }
        } else if !moved.isEmpty {
            guard try await patchLines(&patched, moved: moved, viewerID: request.viewerID, stage: &stage) else {
                return nil
            }
        }
        let changeset = ScreenChangeset(
            screen: document.screen, from: document.revision, revision: revision, title: nil,
            stages: stage.itemUpdates.isEmpty ? [] : [stage])
        return ScreenPatch(document: patched, changeset: changeset, reads: reads)
    }

    /// Builds the cards of the habits in `rankings` again, and puts what they read of those habits'
    /// rankings in `reads` in place of what the old cards read; false when a card cannot be found.
    ///
    /// - Complexity: O(n + k) for the document's n items and the k cards built again.
    private func patchCards(
        _ document: inout ScreenDocument, rankings: Set<Int64>, viewerID: Int64, reads: inout ScreenDependencies,
        stage: inout ScreenStage
    ) async throws -> Bool {
        guard let sectionIndex = document.sections.firstIndex(where: { $0.id == "leaderboard" }) else {
            return false
        }
        // Observed below the viewer's view, as a rebuild observes it.
        let observing = ObservingSource(source)
        let builder = ScreenBuilder<ObservingSource>(source: observing, now: now).seen(by: viewerID)
        guard let viewer = try await builder.source.user(id: viewerID) else { return false }
        let viewerCounts = try await builder.source.counts(userID: viewerID)
        var habits: [Int64: Habit] = [:]
        for habit in try await builder.source.habits() where rankings.contains(habit.id) { habits[habit.id] = habit }
        var found = 0
        for (itemIndex, item) in document.sections[sectionIndex].items.enumerated() {
            guard let habitID = HomeItemID.leaderboardCardHabitID(item.id), rankings.contains(habitID) else {
                continue
            }
            guard let habit = habits[habitID] else { return false }
            found += 1
            let new = try await builder.leaderboardItem(
                habit: habit, viewer: viewer, viewerCount: viewerCounts[habitID] ?? 0)
            guard new != item else { continue }
            document.sections[sectionIndex].items[itemIndex] = new
            stage.itemUpdates.append(ItemValue(section: sectionIndex, item: itemIndex, value: new))
        }
        guard found == rankings.count else { return false }
        for habitID in rankings {
            reads.wholeRankings.remove(habitID)
            reads.rankingThresholds[habitID] = nil
            reads.rankProbes[habitID] = nil
        }
        reads.formUnion(observing.dependencies)
        return true
    }

    /// Writes every followed user's line again, and puts what the lines read in `reads` in place of what the
    /// old lines read: which habits the users logged, their ranks, and the viewer's ranks at its counts, reads
    /// that on Home only the lines make. False when the viewer sees private users, whose counts the cards
    /// read too (`VisibleSource`), so that the lines' reads cannot be told from the cards'.
    ///
    /// A followed user's first log of a habit may change the habit their line compares (the first by name):
    /// at 5,000 streams, a rebuild for each such write was a fifth of the hub's builds.
    ///
    /// - Complexity: O(n + l × h) for the document's n items and its l lines over h habits.
    private func patchEveryLine(
        _ document: inout ScreenDocument, viewerID: Int64, reads: inout ScreenDependencies, stage: inout ScreenStage
    ) async throws -> Bool {
        guard reads.pairCounts.isEmpty,
            let sectionIndex = document.sections.firstIndex(where: { $0.id == "followedUsers" })
        else { return false }
        // Observed below the viewer's view, as a rebuild observes it.
        let observing = ObservingSource(source)
        _ = try await Self.rewriteLines(
            &document, section: sectionIndex, of: nil, seenThrough: VisibleSource(observing, viewerID: viewerID),
            viewerID: viewerID, stage: &stage)
        guard observing.dependencies.pairCounts.isEmpty else { return false }
        reads.loggedHabitsOf = []
        reads.loggedHabitPairs = []
        reads.userRanks = [:]
        reads.rankOnlyProbes = [:]
        reads.formUnion(observing.dependencies)
        return true
    }

    /// Rewrites the lines of the followed users in `moved`; false when one of them has no line.
    ///
    /// - Complexity: O(n + m × h) for the document's n items and the m moved users' lines over h habits.
    private func patchLines(
        _ document: inout ScreenDocument, moved: Set<ScreenDependencies.Pair>, viewerID: Int64,
        stage: inout ScreenStage
    ) async throws -> Bool {
        guard let sectionIndex = document.sections.firstIndex(where: { $0.id == "followedUsers" }) else {
            return false
        }
        let movedUsers = Set(moved.map(\.userID))
        let found = try await Self.rewriteLines(
            &document, section: sectionIndex, of: movedUsers, seenThrough: VisibleSource(source, viewerID: viewerID),
            viewerID: viewerID, stage: &stage)
        // A moved rank that no line shows: the document is not what this patch knows how to change.
        return found == movedUsers.count
    }

    /// Writes again the lines in section `sectionIndex` of the followed users in `users` (every line when
    /// nil), as the viewer sees them through `source`; the answer is how many of those lines it found.
    ///
    /// - Complexity: O(n + l × h) for the section's n items and the l lines written over h habits.
    private static func rewriteLines<Base: ScreenSource>(
        _ document: inout ScreenDocument, section sectionIndex: Int, of users: Set<Int64>?,
        seenThrough source: VisibleSource<Base>, viewerID: Int64, stage: inout ScreenStage
    ) async throws -> Int {
        let comparison = FollowedUserComparison(
            source: source, viewerCounts: try await source.counts(userID: viewerID),
            favorites: try await source.favoriteHabitIDs(userID: viewerID), habits: try await source.habits())
        var found = 0
        for (itemIndex, item) in document.sections[sectionIndex].items.enumerated() {
            guard let line = item.content.as(FollowedUser.self), let userID = HomeItemID.followedUserID(item.id),
                users?.contains(userID) ?? true
            else { continue }
            found += 1
            let message = try await comparison.message(about: userID)
            guard message != line.message else { continue }
            let new = followedUserItem(
                userID: userID, name: line.userName, username: line.username, message: message)
            document.sections[sectionIndex].items[itemIndex] = new
            stage.itemUpdates.append(ItemValue(section: sectionIndex, item: itemIndex, value: new))
        }
        return found
    }
}

extension ScreenDependencies {
    /// Adds every read of `other` to these: what a document read in two parts.
    ///
    /// - Complexity: O(o) for the o reads of `other`.
    mutating func formUnion(_ other: ScreenDependencies) {
        favoritesOf.formUnion(other.favoritesOf)
        followsOf.formUnion(other.followsOf)
        countsOf.formUnion(other.countsOf)
        loggedHabitsOf.formUnion(other.loggedHabitsOf)
        loggedHabitPairs.formUnion(other.loggedHabitPairs)
        pairCounts.formUnion(other.pairCounts)
        wholeRankings.formUnion(other.wholeRankings)
        rankingThresholds.merge(other.rankingThresholds, uniquingKeysWith: min)
        rankProbes.merge(other.rankProbes) { $0.union($1) }
        rankOnlyProbes.merge(other.rankOnlyProbes) { $0.union($1) }
        readsPrograms = readsPrograms || other.readsPrograms
        readsHelp = readsHelp || other.readsHelp
        recentEmojiOf.formUnion(other.recentEmojiOf)
        userRanks.merge(other.userRanks) { _, newer in newer }
        if let ends = other.dayEnds { dayEnds = min(dayEnds ?? ends, ends) }
    }
}
