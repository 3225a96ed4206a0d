import HabitsDomain
/// A change of one user's count of one habit.
///
/// A change merged from several commits also keeps the lowest and highest count the pair had between them:
/// a screen may have been built in a snapshot between those commits, and it is out of date when its reads
/// differ from the last `after`, which `before` alone cannot tell (a count that went up and back down nets
/// to no change, yet a screen built at its top shows it).
public struct CountChange: Hashable, Sendable {
    public var userID: Int64
    public var habitID: Int64
    /// The count before the change (0 when the user had not logged the habit).
    public var before: Int
    /// The count after the change (0 when none is left).
    public var after: Int
    /// The lowest count the pair had from `before` to `after`, both included.
    public var lowest: Int
    /// The highest count the pair had from `before` to `after`, both included.
    public var highest: Int

    /// A change straight from `before` to `after`, as one commit makes it.
    public init(userID: Int64, habitID: Int64, before: Int, after: Int) {
        self.init(
            userID: userID, habitID: habitID, before: before, after: after, lowest: min(before, after),
            highest: max(before, after))
    }

    /// A change from `before` to `after` by way of counts from `lowest` to `highest`.
    public init(userID: Int64, habitID: Int64, before: Int, after: Int, lowest: Int, highest: Int) {
        self.userID = userID
        self.habitID = habitID
        self.before = before
        self.after = after
        self.lowest = min(lowest, before, after)
        self.highest = max(highest, before, after)
    }

    /// Whether the count was not the same throughout (one that came back to `before` still moved).
    public var moved: Bool { lowest != highest }
}

/// What committed writes changed, so that live screens can tell whether they are affected.
///
/// Changes merge (`ChangeAccumulator`): a feed whose reader is busy folds new commits into the one it
/// holds, keeping each pair's first `before`, last `after` and the range between, so a slow reader never
/// grows a queue nor loses a change.
public struct StoreChange: Hashable, Sendable {
    /// The revision after the last merged commit.
    public var revision: Int64
    /// Count changes, one per (user, habit) pair.
    public var counts: [CountChange]
    /// Users whose favourites changed.
    public var favoritesOf: Set<Int64>
    /// Users who followed or unfollowed someone.
    public var followsOf: Set<Int64>
    /// Users, categories or habits were created, changed or deleted, or everything was replaced:
    /// any screen may differ. A cascading delete also lists the counts it removed; replacing everything
    /// lists none, as the new content may reuse row ids.
    public var catalogue: Bool
    /// Programs, their ratings or who joined them changed: Discover may differ.
    public var programs: Bool
    /// Help tags or questions changed.
    public var help: Bool
    /// Users whose recent emoji changed.
    public var recentEmojiOf: Set<Int64>
    /// Users who skipped a day, took one back or changed a note (their logs change `counts`).
    public var daysOf: Set<Int64>

    public init(
        revision: Int64, counts: [CountChange] = [], favoritesOf: Set<Int64> = [], followsOf: Set<Int64> = [],
        catalogue: Bool = false, programs: Bool = false, help: Bool = false, recentEmojiOf: Set<Int64> = [],
        daysOf: Set<Int64> = []
    ) {
        self.revision = revision
        self.counts = counts
        self.favoritesOf = favoritesOf
        self.followsOf = followsOf
        self.catalogue = catalogue
        self.programs = programs
        self.help = help
        self.recentEmojiOf = recentEmojiOf
        self.daysOf = daysOf
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        counts.isEmpty && favoritesOf.isEmpty && followsOf.isEmpty && !catalogue && !programs && !help
            && recentEmojiOf.isEmpty && daysOf.isEmpty
    }

    /// This change followed by `later`, by the rule of `ChangeAccumulator`.
    ///
    /// - Complexity: O(n + m) for the two changes' count lists.
    public func merged(with later: StoreChange) -> StoreChange {
        var accumulator = ChangeAccumulator()
        accumulator.fold(self)
        accumulator.fold(later)
        return accumulator.change()
    }
}
