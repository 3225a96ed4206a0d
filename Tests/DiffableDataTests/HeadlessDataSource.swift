#if !canImport(Darwin)
import DiffableDataCompat

/// Stands in for `UICollectionViewDiffableDataSource` in the brief's code: keeps the current snapshot,
/// applies whole and section snapshots, and records each difference and transaction.
final class HeadlessDataSource<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    private(set) var current = NSDiffableDataSourceSnapshot<Section, Item>()
    private(set) var differences: [SnapshotDifference<Section, Item>] = []
    private(set) var transactions: [NSDiffableDataSourceTransaction<Section, Item>] = []

    func snapshot() -> NSDiffableDataSourceSnapshot<Section, Item> { current }

    func apply(_ snapshot: NSDiffableDataSourceSnapshot<Section, Item>, animatingDifferences: Bool = true) {
        differences.append(snapshot.difference(from: current))
        transactions.append(NSDiffableDataSourceTransaction(initialSnapshot: current, finalSnapshot: snapshot))
        current = snapshot
    }

    func apply(
        _ sectionSnapshot: NSDiffableDataSourceSectionSnapshot<Item>, to section: Section,
        animatingDifferences: Bool = true
    ) {
        var next = current
        next.apply(sectionSnapshot, to: section)
        apply(next, animatingDifferences: animatingDifferences)
    }
}
#endif
