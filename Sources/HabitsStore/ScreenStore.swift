import HabitsDomain

/// What server-driven screens need from the store: consistent reads and what each commit changed.
public protocol ScreenStore: Sendable {
    /// Runs `body` over a `ScreenSource` whose every read sees one state of the store (one read
    /// transaction, held across the body's awaits).
    func readScreens<T: Sendable>(_ body: @escaping @Sendable (any ScreenSource) async throws -> T) async throws -> T
    /// Committed changes from now on (see `StoreChanges`).
    func storeChanges() -> StoreChanges
}
