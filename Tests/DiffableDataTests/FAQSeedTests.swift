// The brief's FAQ screen (seeds/004): a three-section snapshot with the selected tag and the expand
// state folded into the items. The model and the view model's snapshot-building closure are the post's,
// with imports changed and UIKit-only lines (layouts, cell ids) removed. Two changes, both needed on
// Apple platforms too: the types are internal so that Swift 6 infers `Sendable` (the snapshot requires
// it), and `==` also matches `.bottomGuide` with itself (the post's falls to `default: return false`,
// so the bottom guide was never equal to itself and could not be found in a snapshot).
#if !canImport(Darwin)
import DiffableDataCompat
import Testing

protocol FAQTagDisplayable: Hashable, Sendable {
    var id: Int { get }
    var title: String { get }
}

protocol FAQItemDisplayable: Hashable, Sendable {
    var id: Int { get }
    var question: String { get }
}

struct FAQTag: FAQTagDisplayable { let id: Int; let title: String }
struct FAQQuestion: FAQItemDisplayable { let id: Int; let question: String }

enum FAQSection: Hashable {
    case tag
    case faq
    case bottomGuide
}

enum FAQCellData: Hashable {

    case tag(tag: any FAQTagDisplayable, isSelected: Bool)
    case faq(item: any FAQItemDisplayable, isCollapsed: Bool)
    case bottomGuide

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .faq(item, _): hasher.combine(item)
        case let .tag(tag, _): hasher.combine(tag)
        default: return
        }
    }

    public static func == (lhs: FAQCellData, rhs: FAQCellData) -> Bool {
        switch (lhs, rhs) {
        case let (.tag(lhsTag, lhsSelected), .tag(rhsTag, rhsSelected)):
            return lhsTag.id == rhsTag.id && lhsSelected == rhsSelected
        case let (.faq(lhsItem, lhsSelected), .faq(rhsItem, rhsSelected)):
            return lhsItem.id == rhsItem.id && lhsSelected == rhsSelected
        case (.bottomGuide, .bottomGuide): return true
        default: return false
        }
    }
}

/// The body of the view model's `Observable.combineLatest(...).map` closure.
let makeFAQSnapshot: @Sendable (Int, [any FAQTagDisplayable], [any FAQItemDisplayable], Set<Int>)
    -> NSDiffableDataSourceSnapshot<FAQSection, FAQCellData> = { selectedTagId, tagList, faqList, expandedFAQSet in
        var snapshot = NSDiffableDataSourceSnapshot<FAQSection, FAQCellData>()
        snapshot.appendSections([.tag])
        let tagCells = tagList.map { tag in
            FAQCellData.tag(tag: tag, isSelected: tag.id == selectedTagId)
        }
        snapshot.appendItems(tagCells, toSection: .tag)
        snapshot.appendSections([.faq])
        let faqCells = faqList.map { faqItem in
            FAQCellData.faq(item: faqItem, isCollapsed: !expandedFAQSet.contains { $0 ==  faqItem.id })
        }
        snapshot.appendItems(faqCells, toSection: .faq)
        snapshot.appendSections([.bottomGuide])
        snapshot.appendItems([.bottomGuide], toSection: .bottomGuide)
        return snapshot
    }

@Suite struct FAQSeed {
    let tags: [any FAQTagDisplayable] = [
        FAQTag(id: 1, title: "All"), FAQTag(id: 2, title: "Account"), FAQTag(id: 3, title: "Habits"),
    ]
    let questions: [any FAQItemDisplayable] = [
        FAQQuestion(id: 10, question: "How do I reset a streak?"),
        FAQQuestion(id: 11, question: "Can I follow friends?"),
    ]

    @Test func threeSectionsWithSelectionAndExpansionInTheItems() {
        let snapshot = makeFAQSnapshot(2, tags, questions, [11])
        #expect(snapshot.sectionIdentifiers == [.tag, .faq, .bottomGuide])
        #expect(snapshot.itemIdentifiers(inSection: .tag) == [
            .tag(tag: FAQTag(id: 1, title: "All"), isSelected: false),
            .tag(tag: FAQTag(id: 2, title: "Account"), isSelected: true),
            .tag(tag: FAQTag(id: 3, title: "Habits"), isSelected: false),
        ])
        #expect(snapshot.itemIdentifiers(inSection: .faq) == [
            .faq(item: FAQQuestion(id: 10, question: "How do I reset a streak?"), isCollapsed: true),
            .faq(item: FAQQuestion(id: 11, question: "Can I follow friends?"), isCollapsed: false),
        ])
        #expect(snapshot.itemIdentifiers(inSection: .bottomGuide) == [.bottomGuide])
        #expect(snapshot.indexOfItem(.bottomGuide) == 5)
    }

    @Test func expandingAQuestionReplacesItsItemInPlace() throws {
        let before = makeFAQSnapshot(1, tags, questions, [])
        let after = makeFAQSnapshot(1, tags, questions, [10])
        let difference = after.difference(from: before)
        // The expand state is part of the identity, so the question is deleted and inserted at one path.
        #expect(difference.changeset.itemDeletes.map(\.path) == [ItemPath(item: 0, section: 1)])
        #expect(difference.changeset.itemInserts.map(\.path) == [ItemPath(item: 0, section: 1)])
        #expect(difference.changeset.itemMoves.isEmpty)
        var data = before.sectionedItems
        for stage in difference.stages { data = try BatchUpdateApplier.apply(stage, to: data) }
        #expect(data == after.sectionedItems)
    }
}
#endif
