extension ScreenDependencies {
    /// About how many bytes the reads hold in memory, and the read index's entries for them: a fixed cost
    /// for each set, and each id, pair, probe and rank kept.
    ///
    /// - Complexity: O(h) for the h habits whose rankings or ranks were probed.
    public var estimatedByteCount: Int {
        let ids = favoritesOf.count + followsOf.count + countsOf.count + loggedHabitsOf.count
            + wholeRankings.count + recentEmojiOf.count + rankingThresholds.count
        let pairs = loggedHabitPairs.count + pairCounts.count + userRanks.count
        let probes = rankProbes.values.reduce(0) { $0 + $1.count } + rankOnlyProbes.values.reduce(0) { $0 + $1.count }
        // 48 bytes an id (set slot, read-index slot), 64 a pair, 32 a probe; 512 for the empty sets.
        return 512 + ids * 48 + pairs * 64 + probes * 32 + (rankProbes.count + rankOnlyProbes.count) * 64
    }
}
