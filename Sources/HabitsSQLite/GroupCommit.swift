import Foundation
import GRDB
import HabitsDomain
import HabitsStore

/// Commits concurrent writes together: the writes that arrive while one commit runs share the next
/// transaction, and so its one sync of the log to disk.
///
/// With `synchronous = FULL` every commit waits for the disk; committing one request at a time would
/// make the disk's sync latency the server's write ceiling. Each write runs in its own savepoint, so a
/// write that fails (an unknown user, a uniqueness conflict) rolls back alone, and every caller
/// resumes only once the transaction holding its write is durable.
///
/// When the database itself fails during a write (its disk or `max_page_count` is full, an I/O error),
/// SQLite may already have rolled the whole transaction back, so no write of the batch can be trusted:
/// the batch is rolled back and every caller in it gets the failure (`HabitsError.storageFull` for a
/// full disk). Nothing of it is kept, and the next batch starts afresh.
actor GroupCommit {
    /// One queued write: runs inside the shared transaction, then learns how the commit went.
    private struct PendingWrite {
        /// Runs the write in its own savepoint; when it succeeds, folds what it changed into the
        /// transaction's changes. Returns whether it succeeded and changed what the revision covers;
        /// throws when the database failed, which fails the whole batch.
        let run: @Sendable (Database, inout ChangeAccumulator) throws -> Bool
        /// Resumes the caller with the write's outcome, or with `commitError` when the commit failed.
        let finish: @Sendable (_ commitError: (any Error)?) -> Void
    }

    private let writer: any DatabaseWriter
    private let revision: RevisionCounter
    private let feed: StoreChangeFeed
    private var pending: [PendingWrite] = []
    private var isCommitting = false

    init(writer: any DatabaseWriter, revision: RevisionCounter, feed: StoreChangeFeed) {
        self.writer = writer
        self.revision = revision
        self.feed = feed
    }

    /// Runs `body` in the next group transaction and returns its value after the commit; a constraint
    /// failure in `body` becomes `HabitsError.conflict`. The transaction bumps the revision once when a
    /// write in it succeeded with `bumpsRevision` (users, habits, logs; not pictures).
    ///
    /// `body` records what it changes in the recorder it is given. The recording is kept only when
    /// `body` succeeds, and published to the change feed only once the transaction is committed.
    func write<T: Sendable>(
        bumpsRevision: Bool, _ body: @escaping @Sendable (Database, ChangeRecorder) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = OutcomeBox<T>()
            pending.append(PendingWrite(
                run: { db, transactionChanges in
                    do {
                        var value: T?
                        let recorder = ChangeRecorder()
                        try db.inSavepoint {
                            value = try body(db, recorder)
                            return .commit
                        }
                        outcome.result = value.map { .success($0) }
                        transactionChanges.fold(recorder.accumulated.change())
                        return bumpsRevision
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        // A backstop: the explicit checks should have caught it first.
                        outcome.result = .failure(StoreRefusal.constraintBroken)
                    } catch let error as DatabaseError {
                        // Not this write's fault: the database failed, and the transaction with it.
                        throw error
                    } catch {
                        outcome.result = .failure(error)
                    }
                    return false
                },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else if let result = outcome.result {
                        continuation.resume(with: result)
                    } else {
                        continuation.resume(throwing: StoreRefusal.writeDidNotRun)
                    }
                }
            ))
            if !isCommitting {
                isCommitting = true
                Task { await self.commitPending() }
            }
        }
    }

    /// How many writes wait for the next transaction; for tests that line writes up in one batch.
    var waitingWrites: Int { pending.count }

    /// Commits batch after batch until no write waits.
    private func commitPending() async {
        while !pending.isEmpty {
            let batch = pending
            pending = []
            do {
                let committed = try await writer.write { db -> (revision: Int64, changes: StoreChange)? in
                    var changed = false
                    var changes = ChangeAccumulator()
                    for write in batch where try write.run(db, &changes) { changed = true }
                    guard changed else { return nil }
                    let newRevision = try SQLiteHabitStore.bumpRevision(db)
                    return (newRevision, changes.change(revision: newRevision))
                }
                if let committed {
                    revision.raise(to: committed.revision)
                    // Before the callers resume, so a caller that awaited its write finds it in the feed.
                    feed.publish(committed.changes)
                }
                for write in batch { write.finish(nil) }
            } catch {
                let failure = Self.batchFailure(error)
                for write in batch { write.finish(failure) }
            }
        }
        isCommitting = false
    }
}

extension GroupCommit {
    /// What every caller of a failed batch is told: a full disk is `storageFull`, any other failure of
    /// the database `unavailable`; both mean that nothing of the batch was written.
    static func batchFailure(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        if error.resultCode == .SQLITE_FULL { return HabitsError.storageFull }
        return StoreRefusal.databaseFailed("\(error.resultCode)")
    }
}

/// The outcome of one write, set on the writer's queue and read after its commit.
private final class OutcomeBox<T: Sendable>: @unchecked Sendable {
    // Written once inside the transaction and read once after it; the commit orders the two.
    var result: Result<T, any Error>?
}
