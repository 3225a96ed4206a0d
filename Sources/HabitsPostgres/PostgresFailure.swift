import HabitsDomain
import HabitsStore
import PostgresNIO

/// How the driver's failures become the store's: what a retry may cure, and what callers are told.
enum PostgresFailure {
    /// SQLSTATE of a serialization failure and of a deadlock: running the transaction again cures both.
    static let retryableStates: Set<String> = ["40001", "40P01"]

    /// Whether the whole transaction may simply run again.
    static func isRetryable(_ error: PSQLError) -> Bool {
        retryableStates.contains(error.sqlState)
    }

    /// `error` in the store's words: its own `HabitsError`s as they are, a broken uniqueness or reference
    /// rule as `conflict` (a backstop: explicit checks should catch it first), any other failure of the
    /// database as `unavailable`, saying that nothing was written.
    static func mapped(_ error: any Error) -> any Error {
        if error is HabitsError || error is CancellationError { return error }
        guard let error = error as? PSQLError else { return error }
        switch error.sqlState {
        case "23505", "23503", "23514":
            return StoreRefusal.constraintBroken
        case "53100":
            return HabitsError.storageFull
        default:
            let state = error.sqlState.isEmpty ? "\(error.code)" : error.sqlState
            return StoreRefusal.databaseFailed(state)
        }
    }
}

extension PSQLError {
    /// The server's SQLSTATE, empty when the failure did not come from the server.
    var sqlState: String { serverInfo?[.sqlState] ?? "" }
}
