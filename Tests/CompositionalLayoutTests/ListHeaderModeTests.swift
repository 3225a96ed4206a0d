@testable import CompositionalLayout
import Testing

/// `headerMode: .firstItemInSection` and `showsSeparators` change no frame: they are cell styling in UIKit.
@Suite struct ListHeaderModeTests {
    @Test(arguments: ListAppearance.allCases)
    func theFirstItemActingAsHeaderIsAnOrdinaryRow(_ appearance: ListAppearance) throws {
        let header = try engine(
            .list(using: ListConfiguration(appearance: appearance, headerMode: .firstItemInSection)), [3, 0, 2])
        let none = try engine(.list(using: ListConfiguration(appearance: appearance)), [3, 0, 2])
        #expect(header.allAttributes() == none.allAttributes())
        #expect(header.contentSize == none.contentSize)
        let first = header.attributesForItem(at: ip(0, 0))
        #expect(first?.category == .cell && first?.elementKind == nil && first?.zIndex == 0)
        #expect(header.attributesForSupplementary(ofKind: ListConfiguration.headerKind, at: ip(0, 0)) == nil)
        // Never pinned, even in plain lists whose supplementary headers pin.
        #expect(header.pinnedSupplementaries(contentOffset: Point(x: 0, y: 30)).isEmpty)
    }

    @Test func plainFirstItemHeaderFramesAndEstimate() throws {
        let laidOut = try engine(
            .list(using: ListConfiguration(appearance: .plain, headerMode: .firstItemInSection)), [2, 1]
        ) { request in
            request.indexPath.item == 0 ? Size(width: 0, height: 28) : nil
        }
        // The first item is measured like any row (its estimate is the row estimate, 44, not the header's 28).
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 390, 28), rect(0, 28, 390, 44)])
        expectFrames(frames(laidOut, section: 1), [rect(0, 72, 390, 28)])
        let unmeasured = try engine(
            .list(using: ListConfiguration(appearance: .plain, headerMode: .firstItemInSection)), [1])
        expectFrame(unmeasured.attributesForItem(at: ip(0, 0))?.frame, rect(0, 0, 390, 44))
    }

    @Test(arguments: ListAppearance.allCases)
    func separatorsAddNoElement(_ appearance: ListAppearance) throws {
        let shown = try engine(
            .list(using: ListConfiguration(appearance: appearance, headerMode: .supplementary, showsSeparators: true)),
            [3])
        let hidden = try engine(
            .list(using: ListConfiguration(appearance: appearance, headerMode: .supplementary, showsSeparators: false)),
            [3])
        #expect(shown.allAttributes() == hidden.allAttributes())
        #expect(!shown.allAttributes().contains { $0.category == .decorationView })
    }
}
