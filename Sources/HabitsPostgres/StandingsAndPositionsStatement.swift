import HabitsStore
import PostgresNIO

/// `standingsAndPositions`' query for Home's leaderboards (the top two) and for positions alone, prepared
/// once per connection.
///
/// Planning it took about 0.6 ms of each run, more than a third of its time. Prepared, PostgreSQL keeps a
/// generic plan after five runs (planning then takes about 0.02 ms), and that plan is as good as a
/// custom one only with the limit in the text: with a bound limit it would expect many standings a
/// habit and scan `users` for them.
struct StandingsAndPositionsStatement: PostgresPreparedStatement {
    typealias Row = PostgresRow

    /// How many standings it lists for each habit.
    static let limit = 2
    static let sql = text(limit: String(limit))

    /// The habits whose standings it lists, and the counts whose positions it finds.
    var habitIDs: [Int64]
    var counts: [RankedCount]

    /// The query with `limit` as its limit (a number, or a parameter beyond `$3`): kind 0 is a standing,
    /// in each habit's order; kind 1 a position. Columns a kind lacks are NULL.
    static func text(limit: String) -> String {
        """
        SELECT 0 AS kind, h.id, s.count, s.user_name COLLATE "C", s.user_key COLLATE "C",
            \(PostgresRows.userColumns("u.")),
            NULL::bigint, NULL::bigint
        FROM unnest($1::bigint[]) AS h (id)
        CROSS JOIN LATERAL (
            SELECT c.count, c.user_id, c.user_name, c.user_key FROM habit_counts c
            WHERE c.habit_id = h.id AND NOT c.hidden ORDER BY c.count DESC, c.user_name, c.user_key
            LIMIT \(limit)) s
        JOIN users u ON u.id = s.user_id
        UNION ALL
        SELECT 1, k.habit_id, k.count, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            NULL, p.above, p.equal
        FROM unnest($2::bigint[], $3::bigint[]) AS k (habit_id, count)
        CROSS JOIN LATERAL (
            SELECT coalesce(sum(l.users) FILTER (WHERE l.count > k.count), 0)::bigint AS above,
                coalesce(sum(l.users) FILTER (WHERE l.count = k.count), 0)::bigint AS equal
            FROM habit_count_levels l WHERE l.habit_id = k.habit_id AND l.count >= k.count) p
        ORDER BY 1, 2, 3 DESC, 4, 5
        """
    }

    func makeBindings() -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(habitIDs)
        binds.append(counts.map(\.habitID))
        binds.append(counts.map(\.count))
        return binds
    }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
