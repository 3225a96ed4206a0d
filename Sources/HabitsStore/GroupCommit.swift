import Foundation
import GRDB
import HabitsDomain

/// Commits concurrent writes together: the writes that arrive while one commit runs share the next
/// transaction, and so its one sync of the log to disk.
///
/// With `synchronous = FULL` every commit waits for the disk; committing one request at a time would
/// make the disk's sync latency the server's write ceiling. Each write runs in its own savepoint, so a
/// write that fails (an unknown user, a uniqueness conflict) rolls back alone, and every caller
/// resumes only once the transaction holding its write is durable.
actor GroupCommit {
    /// One queued write: runs inside the shared transaction, then learns how the commit went.
    private struct PendingWrite {
        /// Runs the write in its own savepoint; returns whether it succeeded and changed what the
        /// revision covers.
        let run: @Sendable (Database) -> Bool
        /// Resumes the caller with the write's outcome, or with `commitError` when the commit failed.
        let finish: @Sendable (_ commitError: (any Error)?) -> Void
    }

    private let writer: any DatabaseWriter
    private let revision: RevisionCounter
    private var pending: [PendingWrite] = []
    private var isCommitting = false

    init(writer: any DatabaseWriter, revision: RevisionCounter) {
        self.writer = writer
        self.revision = revision
    }

    /// Runs `body` in the next group transaction and returns its value after the commit; a constraint
    /// failure in `body` becomes `HabitsError.conflict`. The transaction bumps the revision once when a
    /// write in it succeeded with `bumpsRevision` (users, habits, logs; not pictures).
    func write<T: Sendable>(
        bumpsRevision: Bool, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = OutcomeBox<T>()
            pending.append(PendingWrite(
                run: { db in
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        outcome.result = value.map { .success($0) }
                        return bumpsRevision
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        // A backstop: the explicit checks should have caught it first.
                        outcome.result = .failure(HabitsError.conflict(
                            reason: "The change breaks a uniqueness or reference rule."
                        ))
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
                        continuation.resume(throwing: HabitsError.unavailable(reason: "The write did not run."))
                    }
                }
            ))
            if !isCommitting {
                isCommitting = true
                Task { await self.commitPending() }
            }
        }
    }

    /// Commits batch after batch until no write waits.
    private func commitPending() async {
        while !pending.isEmpty {
            let batch = pending
            pending = []
            do {
                let newRevision = try await writer.write { db -> Int64? in
                    var changed = false
                    for write in batch where write.run(db) { changed = true }
                    return changed ? try SQLiteHabitStore.bumpRevision(db) : nil
                }
                if let newRevision { revision.raise(to: newRevision) }
                for write in batch { write.finish(nil) }
            } catch {
                for write in batch { write.finish(error) }
            }
        }
        isCommitting = false
    }
}

/// The outcome of one write, set on the writer's queue and read after its commit.
private final class OutcomeBox<T: Sendable>: @unchecked Sendable {
    // Written once inside the transaction and read once after it; the commit orders the two.
    var result: Result<T, any Error>?
}
