import HabitsStore
import Testing

/// The counts a window of writes was seen to pass through, per (user, habit): what a feed's merged change
/// must report of them. Both store property tests keep one per window.
public struct CountRanges: Sendable {
    private struct Pair: Hashable, Sendable {
        var userID: Int64
        var habitID: Int64
    }

    private var ranges: [Pair: ClosedRange<Int>] = [:]

    /// No count seen yet.
    public init() {}

    /// Notes the counts a write changed.
    public mutating func saw(_ counts: some Sequence<CountChange>) {
        for count in counts {
            let pair = Pair(userID: count.userID, habitID: count.habitID)
            let range = min(count.before, count.after)...max(count.before, count.after)
            let known = ranges[pair] ?? range
            ranges[pair] = min(known.lowerBound, range.lowerBound)...max(known.upperBound, range.upperBound)
        }
    }

    /// The count changes the window's merged change reports, given each pair's count at its start and end.
    public func changes(
        start: (_ userID: Int64, _ habitID: Int64) -> Int, end: (_ userID: Int64, _ habitID: Int64) -> Int
    ) -> [CountChange] {
        ranges.compactMap { pair, range in
            guard range.lowerBound != range.upperBound else { return nil }
            return CountChange(
                userID: pair.userID, habitID: pair.habitID, before: start(pair.userID, pair.habitID),
                after: end(pair.userID, pair.habitID), lowest: range.lowerBound, highest: range.upperBound)
        }
    }

    /// Expects `reported` to say what `expected` does. Writes may pass through counts the test never reads
    /// (a group commit, an undo within one step), so a reported range holds at least the one seen, and a pair
    /// reported beyond those expected came back to where it was.
    public static func expect(
        _ reported: [CountChange], cover expected: [CountChange], context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var byPair: [Pair: CountChange] = [:]
        for count in reported {
            let pair = Pair(userID: count.userID, habitID: count.habitID)
            #expect(byPair.updateValue(count, forKey: pair) == nil, "\(context): one change per pair")
        }
        for count in expected {
            guard let found = byPair.removeValue(forKey: Pair(userID: count.userID, habitID: count.habitID)) else {
                Issue.record("\(context): \(count) not reported", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                found.before == count.before && found.after == count.after && found.lowest <= count.lowest
                    && found.highest >= count.highest, "\(context): \(found) for \(count)",
                sourceLocation: sourceLocation)
        }
        for count in byPair.values {
            #expect(count.before == count.after && count.moved, "\(context): \(count)", sourceLocation: sourceLocation)
        }
    }
}
