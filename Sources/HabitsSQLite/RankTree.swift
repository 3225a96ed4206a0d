import GRDB

/// Per habit, a Fenwick tree over counts in `habit_count_tree`: how many users have a count at or below
/// any count, in a few primary-key reads, so that a rank never sums the hundreds of levels above a low
/// count.
///
/// Node `n` holds the users whose count lies in `(n - lowbit(n), n]`; `root` holds every user of the
/// habit. Only nodes holding users are stored. Kept in the write's transaction beside the levels:
/// every move of a user between levels moves them in the tree too.
enum RankTree {
    /// The largest count the tree covers: a pair would need four billion logs to pass it.
    static let root: Int64 = 1 << 32

    /// The nodes whose ranges hold `count`, from the node of `count` up to the root.
    ///
    /// - Complexity: O(log root).
    static func nodesHolding(_ count: Int64) -> [Int64] {
        var nodes: [Int64] = []
        var node = count
        while node > 0 && node <= root {
            nodes.append(node)
            node += node & -node
        }
        return nodes
    }

    /// The nodes whose ranges together are `(0, count]`.
    ///
    /// - Complexity: O(log root).
    static func nodesUpTo(_ count: Int64) -> [Int64] {
        var nodes: [Int64] = []
        var node = min(count, root)
        while node > 0 {
            nodes.append(node)
            node -= node & -node
        }
        return nodes
    }

    /// Moves one user of a habit from count `old` to count `new` (0: none) inside the caller's transaction.
    ///
    /// - Complexity: O(log root); a move by one touches two nodes on average, as the two paths soon meet.
    static func move(_ db: Database, habitID: Int64, from old: Int, to new: Int) throws {
        var deltas: [Int64: Int] = [:]
        if old > 0 { for node in nodesHolding(Int64(old)) { deltas[node, default: 0] -= 1 } }
        if new > 0 { for node in nodesHolding(Int64(new)) { deltas[node, default: 0] += 1 } }
        // A user leaving lowers nodes that exist; an upsert would meet the CHECK before the conflict.
        let add = try IntegerQuery(
            db,
            """
            INSERT INTO habit_count_tree (habit_id, node, users) VALUES (?, ?, ?)
            ON CONFLICT (habit_id, node) DO UPDATE SET users = users + excluded.users
            """)
        let lower = try IntegerQuery(
            db, "UPDATE habit_count_tree SET users = users + ? WHERE habit_id = ? AND node = ? RETURNING users")
        let removeEmpty = try IntegerQuery(
            db, "DELETE FROM habit_count_tree WHERE habit_id = ? AND node = ? AND users = 0")
        for (node, delta) in deltas where delta != 0 {
            if delta > 0 {
                try add.run(habitID, node, Int64(delta))
            } else {
                let left = try lower.first(Int64(delta), habitID, node)
                if left == 0 { try removeEmpty.run(habitID, node) }
            }
        }
    }

    /// How many users of the habit have a count above `count`.
    ///
    /// - Complexity: O(log root): one read of the root and at most 32 nodes by primary key.
    static func usersAbove(_ db: Database, habitID: Int64, count: Int) throws -> Int {
        guard Int64(count) < root else { return 0 }
        // One primary-key read a node, each a few B-tree steps: one statement over all of them (`node IN`)
        // built SQLite a temporary index of the list on every rank, which cost more than the reads.
        let node = try IntegerQuery(db, nodeSQL)
        var users = try node.first(habitID, root) ?? 0
        for place in nodesUpTo(Int64(max(count, 0))) { users -= try node.first(habitID, place) ?? 0 }
        return Int(users)
    }

    /// The users a node of a habit's tree holds.
    package static let nodeSQL = "SELECT users FROM habit_count_tree WHERE habit_id = ? AND node = ?"

    /// Every habit's tree, built again from the levels.
    ///
    /// - Complexity: O(l log root) for l levels.
    static func rebuildAll(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM habit_count_tree")
        var sums: [Int64: [Int64: Int]] = [:]
        let levels = try Row.fetchCursor(db, sql: "SELECT habit_id, count, users FROM habit_count_levels")
        while let level = try levels.next() {
            let habitID: Int64 = level[0]
            let users: Int = level[2]
            for node in nodesHolding(level[1]) { sums[habitID, default: [:]][node, default: 0] += users }
        }
        let insert = try db.makeStatement(sql: "INSERT INTO habit_count_tree (habit_id, node, users) VALUES (?, ?, ?)")
        for (habitID, nodes) in sums.sorted(by: { $0.key < $1.key }) {
            for (node, users) in nodes.sorted(by: { $0.key < $1.key }) {
                try insert.execute(arguments: [habitID, node, users])
            }
        }
    }
}
