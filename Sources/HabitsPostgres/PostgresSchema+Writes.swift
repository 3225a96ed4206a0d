extension PostgresSchema {
    /// A batch of logs written by one statement: the pairs' locks, the runs of the days the batch makes
    /// done, the logs and their counters (`PostgresCounters.insertLocked`).
    ///
    /// The same statements ran one round trip each from the server, and a day that became done cost four
    /// or five more: a batch of logs on new days spent most of its time, holding its pairs' locks, in
    /// round trips. Each statement of the function still takes its own snapshot (`READ COMMITTED`, a
    /// volatile function), so what it reads after the locks is what their previous holder committed.
    ///
    /// Returns one row per result: `result_kind` 0, a new log's id (in insertion order); 1, a raised
    /// counter (user, habit, count after).
    static let v15LogBatches = """
        CREATE FUNCTION habits_insert_logs(
            lock_keys bigint[],
            log_users bigint[], log_habits bigint[], log_times double precision[], log_days bigint[],
            day_users bigint[], day_habits bigint[], day_days bigint[],
            raise_users bigint[], raise_habits bigint[], raise_amounts bigint[]
        ) RETURNS TABLE (result_kind smallint, result_a bigint, result_b bigint, result_c bigint)
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        DECLARE
            gained record;
            inserted record;
            raised record;
            before_first integer;
            next_first integer;
            next_last integer;
            run_first integer;
            run_last integer;
        BEGIN
            -- In ascending key order, as PostgresLocks takes them: a function scan yields the array in order.
            PERFORM pg_advisory_xact_lock(k) FROM unnest(lock_keys) AS k;
            -- A day none of whose logs were there before this batch becomes done: join it with the run
            -- ending the day before and the one starting the day after (as SQLite's DayRuns.gained).
            FOR gained IN
                SELECT p.u, p.h, p.d::integer AS d
                FROM unnest(day_users, day_habits, day_days) WITH ORDINALITY AS p (u, h, d, i)
                WHERE NOT EXISTS (SELECT 1 FROM logs l WHERE l.user_id = p.u AND l.habit_id = p.h AND l.day = p.d)
                ORDER BY p.i
            LOOP
                before_first := NULL;
                next_first := NULL;
                next_last := NULL;
                SELECT r.first_day INTO before_first FROM habit_day_runs r
                WHERE r.user_id = gained.u AND r.habit_id = gained.h AND r.last_day = gained.d - 1;
                SELECT r.first_day, r.last_day INTO next_first, next_last FROM habit_day_runs r
                WHERE r.user_id = gained.u AND r.habit_id = gained.h AND r.last_day > gained.d
                ORDER BY r.last_day LIMIT 1;
                CONTINUE WHEN next_first IS NOT NULL AND next_first <= gained.d;
                run_first := gained.d;
                run_last := gained.d;
                IF before_first IS NOT NULL THEN
                    DELETE FROM habit_day_runs r
                    WHERE r.user_id = gained.u AND r.habit_id = gained.h AND r.last_day = gained.d - 1;
                    run_first := before_first;
                END IF;
                IF next_first = gained.d + 1 THEN
                    DELETE FROM habit_day_runs r
                    WHERE r.user_id = gained.u AND r.habit_id = gained.h AND r.last_day = next_last;
                    run_last := next_last;
                END IF;
                INSERT INTO habit_day_runs (user_id, habit_id, first_day, last_day, length)
                VALUES (gained.u, gained.h, run_first, run_last, run_last - run_first + 1);
            END LOOP;
            FOR inserted IN
                INSERT INTO logs (user_id, habit_id, logged_at, day)
                SELECT n.u, n.h, n.t, n.d FROM unnest(log_users, log_habits, log_times, log_days)
                    WITH ORDINALITY AS n (u, h, t, d, i)
                ORDER BY n.i
                RETURNING id
            LOOP
                result_kind := 0;
                result_a := inserted.id;
                result_b := 0;
                result_c := 0;
                RETURN NEXT;
            END LOOP;
            FOR raised IN
                INSERT INTO habit_counts AS hc (user_id, habit_id, count, user_name, user_key, hidden)
                SELECT u.id, r.h, r.n, u.name, u.key, u.visibility = 'private'
                FROM unnest(raise_users, raise_habits, raise_amounts) WITH ORDINALITY AS r (u, h, n, i)
                JOIN users u ON u.id = r.u ORDER BY r.i
                ON CONFLICT (user_id, habit_id) DO UPDATE SET count = hc.count + EXCLUDED.count
                RETURNING hc.user_id, hc.habit_id, hc.count
            LOOP
                result_kind := 1;
                result_a := raised.user_id;
                result_b := raised.habit_id;
                result_c := raised.count;
                RETURN NEXT;
            END LOOP;
        END
        $$;
        """

    /// Count levels applied by one deferred trigger event per transaction, not one per level delta.
    ///
    /// Each statement on `habit_counts` inserts a delta row per level it moves, and each row queued the
    /// trigger that applies them at commit: a batch of logs over fifteen pairs fired it thirty times,
    /// each call but the first returning at once, a millisecond of the commit while the batch held its
    /// locks. Each statement on `habit_counts` now also adds its transaction to `count_level_pending`
    /// (once: its key is the transaction), whose insert alone queues the trigger; the trigger removes it.
    static let v16CountLevelsOncePerTransaction = """
        CREATE TABLE count_level_pending (
            tx xid8 PRIMARY KEY DEFAULT pg_current_xact_id()
        );
        CREATE FUNCTION habits_count_levels_pending() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO count_level_pending DEFAULT VALUES ON CONFLICT DO NOTHING;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER count_levels_pending AFTER INSERT OR UPDATE OR DELETE ON habit_counts
        FOR EACH STATEMENT EXECUTE FUNCTION habits_count_levels_pending();
        CREATE OR REPLACE FUNCTION habits_commit_count_levels() RETURNS trigger
        LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            PERFORM habits_apply_count_levels();
            DELETE FROM count_level_pending WHERE tx = pg_current_xact_id();
            RETURN NULL;
        END
        $$;
        DROP TRIGGER count_levels_at_commit ON count_level_deltas;
        CREATE CONSTRAINT TRIGGER count_levels_at_commit AFTER INSERT ON count_level_pending
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION habits_commit_count_levels();
        """
}
