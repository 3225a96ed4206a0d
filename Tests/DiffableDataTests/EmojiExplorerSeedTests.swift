// The brief's Emoji Explorer (seeds/001): per-category section snapshots. The model and snapshot code
// are the post's, with imports changed and UIKit-only lines (layout, cell registration) removed; the
// data source is the headless stand-in. The post omits `description` and `emojis`; ours are minimal.
#if !canImport(Darwin)
import DiffableDataCompat
import Foundation
import Testing

enum EmojiExplorer {
    struct Emoji: Hashable {

        enum Category: CaseIterable, CustomStringConvertible {
            case recents, smileys, nature, food, activities, travel, objects, symbols
        }

        let text: String
        let title: String
        let category: Category
        private let identifier = UUID()
    }

    typealias Section = Emoji.Category

    struct Item: Hashable {
        let title: String
        let emoji: Emoji    // (struct. text, title, category)

        init(title: String, emoji: Emoji) {
            self.title = title
            self.emoji = emoji
        }

        private let identifier = UUID()
    }

    final class EmojiExplorerListViewController {
        var dataSource: HeadlessDataSource<Section, Item>! = HeadlessDataSource()

        func applyInitialSnapshots() {
            for category in Emoji.Category.allCases.reversed() {    // 카테고리를 돌아.

                // 섹션 스냅샷을 하나 만들어. 들어가는 타입은 Item
                var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()

                let items = category.emojis.map{ Item(title: /*$0.text*/String(describing: category), emoji: $0) }

                sectionSnapshot.append(items)

                dataSource.apply(sectionSnapshot, to: category, animatingDifferences: false)
            }
        }
    }
}

extension EmojiExplorer.Emoji.Category {
    var description: String {
        switch self {
        case .recents: "Recents"
        case .smileys: "Smileys"
        case .nature: "Nature"
        case .food: "Food"
        case .activities: "Activities"
        case .travel: "Travel"
        case .objects: "Objects"
        case .symbols: "Symbols"
        }
    }

    var emojis: [EmojiExplorer.Emoji] {
        switch self {
        case .recents: return []
        case .smileys:
            return [
                EmojiExplorer.Emoji(text: "😀", title: "Happy", category: self),
                EmojiExplorer.Emoji(text: "😂", title: "Laughing", category: self),
                EmojiExplorer.Emoji(text: "🤣", title: "Rolling on the floor laughing", category: self),
            ]
        case .nature: return [EmojiExplorer.Emoji(text: "🌲", title: "Tree", category: self)]
        case .food:
            return [
                EmojiExplorer.Emoji(text: "🍎", title: "Apple", category: self),
                EmojiExplorer.Emoji(text: "🍞", title: "Bread", category: self),
            ]
        case .activities: return [EmojiExplorer.Emoji(text: "🏃", title: "Running", category: self)]
        case .travel: return [EmojiExplorer.Emoji(text: "🚀", title: "Rocket", category: self)]
        case .objects: return [EmojiExplorer.Emoji(text: "💡", title: "Light bulb", category: self)]
        case .symbols: return [EmojiExplorer.Emoji(text: "❤️", title: "Red heart", category: self)]
        }
    }
}

@Suite struct EmojiExplorerSeed {
    @Test func perCategorySectionSnapshotsBuildTheList() {
        let controller = EmojiExplorer.EmojiExplorerListViewController()
        controller.applyInitialSnapshots()
        let snapshot = controller.dataSource.snapshot()
        // Applying a section snapshot to a missing section appends it, so the reversed loop reverses them.
        #expect(snapshot.sectionIdentifiers == EmojiExplorer.Emoji.Category.allCases.reversed())
        #expect(snapshot.numberOfItems == 10)
        #expect(snapshot.numberOfItems(inSection: .recents) == 0)
        let smileys = snapshot.itemIdentifiers(inSection: .smileys)
        #expect(smileys.map(\.emoji.text) == ["😀", "😂", "🤣"])
        #expect(smileys.allSatisfy { $0.title == "Smileys" })
        #expect(snapshot.itemIdentifiers(inSection: .food).map(\.emoji.title) == ["Apple", "Bread"])
        #expect(snapshot.sectionIdentifier(containingItem: smileys[1]) == .smileys)
        // Each apply is one section insert; the section's items arrive with it.
        let last = controller.dataSource.differences.last!
        #expect(last.changeset.sectionInserts.map(\.section) == [.recents])
        #expect(controller.dataSource.transactions.count == 8)
        let first = controller.dataSource.transactions[0]
        #expect(first.initialSnapshot.numberOfSections == 0 && first.finalSnapshot.sectionIdentifiers == [.symbols])
        #expect(first.difference.insertions.count == 1 && first.difference.removals.isEmpty)
    }
}
#endif
