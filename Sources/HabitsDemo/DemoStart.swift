import Foundation
import HabitsDomain
import HabitsStore

extension DemoContent {
    /// What `start(store:activeUserID:now:)` found in the store and did with it.
    public enum Start: Sendable {
        /// The store was empty: the data set is loaded into it.
        case loaded(DemoDataSet)
        /// The demo filled the store before: it is kept, and the data set's rates name only the
        /// (user, habit) pairs that still exist, so only those are simulated.
        case kept(DemoDataSet)
        /// Another program or a server without `--demo` wrote the store (`ContentOrigin.other`): the demo
        /// only ever replaces what it made, so it leaves the store alone.
        case refused(users: Int, habits: Int, logs: Int)
    }

    /// Loads the demo into an empty store, keeps a store the demo filled before, refuses any other.
    public static func start(store: any HabitStore, activeUserID: String, now: Date) async throws -> Start {
        var data = DemoDataSet(activeUserID: activeUserID, now: now)
        switch try await store.contentOrigin() {
        case .empty:
            try await load(data, into: store)
            return .loaded(data)
        case .demo:
            let snapshot = try await store.statisticsSnapshot()
            data.rates.removeAll { snapshot.user(id: $0.userID) == nil || snapshot.habit(named: $0.habitName) == nil }
            return .kept(data)
        case .other(let users, let habits, let logs):
            return .refused(users: users, habits: habits, logs: logs)
        }
    }

    /// Forgets that the store's content is the demo's, when it is: what is written from now on is not the
    /// demo's to reset. Returns whether there was anything to forget.
    public static func disown(store: any HabitStore) async throws -> Bool {
        guard case .demo = try await store.contentOrigin() else { return false }
        try await store.disownDemoContent()
        return true
    }
}
