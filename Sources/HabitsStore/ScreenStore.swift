import HabitsDomain

/// What server-driven screens need from the store: consistent reads and what each commit changed.
public protocol ScreenStore: Sendable {
    /// Runs `body` in one read transaction over a `ScreenSource`.
    func readScreens<T: Sendable>(_ body: @escaping @Sendable (any ScreenSource) throws -> T) async throws -> T
    /// Committed changes from now on (see `StoreChanges`).
    func storeChanges() -> StoreChanges
}
