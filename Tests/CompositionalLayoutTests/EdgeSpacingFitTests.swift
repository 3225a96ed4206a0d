@testable import CompositionalLayout
import Testing

/// A child with edge spacing along its group's axis fits the group: the spacing is taken from the child's length
/// rather than pushing the child past the group's end.
@Suite struct EdgeSpacingFitTests {
    /// Found by `framesLieInsideTheirSection`: a first child of fractionalWidth 0.9993 after a fixed leading edge
    /// spacing of 2 reached 0.8 points past its group, and the last one past its orthogonal section's content width.
    @Test func seed80809765StaysInsideItsSections() {
        PropertyTests.framesLieInsideTheirSection(seed: 80809765)
    }

    @Test func aFullWidthItemAfterFixedLeadingSpacingIsShortenedToFitItsGroup() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.absolute(200), .absolute(50)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1), edge: EdgeSpacing(leading: .fixed(4)))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [2])
        expectFrames(frames(laidOut, section: 0), [rect(4, 0, 196, 50), rect(4, 50, 196, 50)])
    }

    @Test func leadingAndTrailingSpacingBothComeOutOfTheLength() throws {
        let column = LayoutGroup.vertical(
            layoutSize: size(.absolute(100), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .absolute(120), edge: EdgeSpacing(top: .fixed(5), bottom: .fixed(10)))]
        )
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: column)), [1])
        expectFrames(frames(laidOut, section: 0), [rect(0, 5, 100, 85)])
    }

    @Test func theLastItemOfAnOrthogonalSectionEndsAtItsContentWidth() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.absolute(291), .absolute(100)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1), edge: EdgeSpacing(leading: .fixed(2)))])
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(leading: 11), orthogonalScrollingBehavior: .continuous)
        let laidOut = try engine(CompositionalLayout(section: section), [2])
        expectFrames(frames(laidOut, section: 0), [rect(13, 0, 289, 100), rect(304, 0, 289, 100)])
        let scroller = try #require(laidOut.orthogonalSection(0))
        #expect(scroller.contentSize == Size(width: 593, height: 100))
    }

    @Test func aRowStillWrapsAChildThatOnlyFitsWithoutItsSpacing() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.absolute(200), .absolute(50)),
            subitems: [item(.absolute(100), .fractionalHeight(1), edge: EdgeSpacing(leading: .fixed(4)))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [2])
        expectFrames(frames(laidOut, section: 0), [rect(4, 0, 100, 50), rect(4, 50, 100, 50)])
    }

    @Test func acrossTheAxisSpacingAlsoComesOutOfTheLength() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.absolute(200), .absolute(50)),
            subitems: [item(.absolute(50), .fractionalHeight(1), edge: EdgeSpacing(top: .fixed(5)))])
        let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: row)), [2])
        expectFrames(frames(laidOut, section: 0), [rect(0, 5, 50, 45), rect(50, 5, 50, 45)])
    }

    /// A lone item takes a shortcut through the engine; it must agree with the general path.
    @Test func anItemTallerThanItsRowIsCutToTheRowOnEveryPath() throws {
        let tall = item(.fractionalWidth(1), .absolute(80))
        let single = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: tall, count: 1)
        let general = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [tall, tall])
        for group in [single, general] {
            let laidOut = try engine(CompositionalLayout(section: LayoutSection(group: group)), [2])
            expectFrames(frames(laidOut, section: 0), [rect(0, 0, 390, 50), rect(0, 50, 390, 50)])
        }
    }
}
