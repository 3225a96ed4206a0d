import Foundation
import Testing

@testable import CompositionalLayout

/// A container narrower than a section's insets leaves its items no length; a group that repeats its
/// subitems while they fit must still end (it repeated forever, a request could hang the server).
@Suite struct TinyContainerTests {
    /// Whether laying out `section` in `container` ends within a few seconds, so a regression fails
    /// rather than hangs.
    func endsSoon(_ section: LayoutSection, _ container: Size, items: Int) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? LayoutEngine(
                layout: CompositionalLayout(section: section), containerSize: container, itemCounts: [items])
            done.signal()
        }
        return done.wait(timeout: .now() + 5) == .success
    }

    @Test(arguments: [20.0, 19.0, 1.9, 1.0])
    func rowsNarrowerThanTheirInsetsEnd(width: Double) throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(44)),
            subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = LayoutSection(group: row, contentInsets: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10))
        #expect(endsSoon(section, Size(width: width, height: 1.9), items: 5))
        let laidOut = try engine(
            CompositionalLayout(section: section), [5], container: Size(width: width, height: 1.9))
        #expect(laidOut.contentSize.height == 5 * 44, "one row per item, as ever")
    }

    @Test func aRoundOfNoLengthStopsARepeatingRow() throws {
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: [item(.absolute(0), .absolute(50)), item(.absolute(0), .absolute(50))])
        #expect(endsSoon(LayoutSection(group: row), Size(width: 390, height: 844), items: 7))
    }
}
