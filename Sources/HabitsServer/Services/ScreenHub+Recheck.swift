import Foundation
import HabitsScreens
import Prometheus

extension ScreenHub {
    /// A recheck job's outcome without a rebuild: the vouched document again when every rank read is where
    /// it was and no ranking may have changed, or the document with the lines of the moved ranks and the
    /// cards of `rankings` rewritten (`ScreenBuilder.patched`), which `patches` counts; nil when it must be
    /// rebuilt. A patch writes one or two items where a rebuild reads the viewer and writes every item: a
    /// write that moves a popular person's rank, or a habit's top two, changes hundreds of Homes in one
    /// batch.
    static func recheck(
        _ document: ScreenDocument, _ request: ScreenRequest, _ dependencies: ScreenDependencies,
        documentBytes: Int? = nil, rankings: Set<Int64>, relined: Set<Int64> = [], changedHabits: Set<Int64>?,
        in source: MemoizingSource, now: Date, patches: Counter
    ) async -> BuildResult? {
        // Only the ranks of the habits whose counts changed can have moved: the others are not asked again.
        guard let (reads, moved) = try? await dependencies.reranked(in: source, changedHabits: changedHabits)
        else { return nil }
        let revision = String(source.revision)
        if moved.isEmpty && rankings.isEmpty && relined.isEmpty {
            var same = document
            same.revision = revision
            let nothing = ScreenChangeset(
                screen: document.screen, from: document.revision, revision: revision, title: nil, stages: [])
            let bytes = documentBytes.map { same.estimatedByteCount(patchedFrom: document, baseBytes: $0, updates: []) }
            return .built(
                BuiltScreen(same, reads, storeRevision: source.revision, fromBase: nothing, documentBytes: bytes))
        }
        let builder = ScreenBuilder(source: source, now: now)
        let patch = try? await builder.patched(
            document, for: request, reads: reads, moved: moved, rankings: rankings, relined: relined,
            revision: revision)
        guard let patch else { return nil }
        patches.increment()
        let bytes = documentBytes.map { patch.estimatedByteCount(patching: document, baseBytes: $0) }
        return .built(
            BuiltScreen(
                patch.document, patch.reads, storeRevision: source.revision, fromBase: patch.changeset,
                documentBytes: bytes))
    }
}
