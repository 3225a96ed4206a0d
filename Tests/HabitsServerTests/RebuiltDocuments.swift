import HabitsScreens
import HabitsStore

/// The documents a full build makes of `requests` now, all in one snapshot of `store`, to compare with what
/// the hub keeps; a request that cannot be built is left out.
func rebuiltNow(
    _ requests: [ScreenRequest], in store: some ScreenStore
) async throws -> [ScreenRequest: ScreenDocument] {
    try await store.readScreens { source in
        var documents: [ScreenRequest: ScreenDocument] = [:]
        for request in requests {
            documents[request] = try? await ScreenBuilder(source: MemoizingSource(source)).document(
                for: request, revision: String(source.revision))
        }
        return documents
    }
}
