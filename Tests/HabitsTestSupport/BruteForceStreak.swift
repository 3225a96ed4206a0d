/// A streak by its definition, from a set of done day numbers: the reference the kept runs are
/// checked against.
public enum BruteForceStreak {
    /// The current run (ending today, or yesterday while today is open), the longest run, and whether
    /// today is done.
    ///
    /// - Complexity: O(d²) in the worst case for d done days: fine for a reference.
    public static func of(_ done: Set<Int>, today: Int) -> (current: Int, longest: Int, todayDone: Bool) {
        var current = 0
        var day = done.contains(today) ? today : today - 1
        while done.contains(day) {
            current += 1
            day -= 1
        }
        var longest = 0
        for start in done where !done.contains(start - 1) {
            var length = 0
            while done.contains(start + length) { length += 1 }
            longest = max(longest, length)
        }
        return (current, longest, done.contains(today))
    }
}
