@testable import CompositionalLayout
import Testing

@Suite struct ListTests {
    @Test func insetGroupedRowsAreInsetAndSectionsSeparated() throws {
        let laidOut = try engine(.list(using: ListConfiguration(appearance: .insetGrouped)), [3, 1])
        expectFrames(frames(laidOut, section: 0), [rect(20, 0, 350, 44), rect(20, 44, 350, 44), rect(20, 88, 350, 44)])
        expectFrames(frames(laidOut, section: 1), [rect(20, 167, 350, 44)])
        #expect(laidOut.contentSize.height == 167 + 44 + 35)
    }

    @Test func plainListWithPinnedSupplementaryHeader() throws {
        let laidOut = try engine(.list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary)), [2])
        expectFrame(
            laidOut.attributesForSupplementary(ofKind: ListConfiguration.headerKind, at: ip(0, 0))?.frame,
            rect(0, 0, 390, 28)
        )
        expectFrames(frames(laidOut, section: 0), [rect(0, 28, 390, 44), rect(0, 72, 390, 44)])
        #expect(
            laidOut.pinnedSupplementaries(contentOffset: Point(x: 0, y: 40)).first?.attributes.frame
                == rect(0, 40, 390, 28))
    }

    @Test func groupedListWithHeaderAndFooter() throws {
        let laidOut = try engine(
            .list(
                using: ListConfiguration(appearance: .grouped, headerMode: .supplementary, footerMode: .supplementary)),
            [1])
        expectFrame(
            laidOut.attributesForSupplementary(ofKind: ListConfiguration.headerKind, at: ip(0, 0))?.frame,
            rect(0, 0, 390, 38)
        )
        expectFrames(frames(laidOut, section: 0), [rect(0, 38, 390, 44)])
        expectFrame(
            laidOut.attributesForSupplementary(ofKind: ListConfiguration.footerKind, at: ip(0, 0))?.frame,
            rect(0, 117, 390, 38))
        #expect(laidOut.pinnedSupplementaries(contentOffset: Point(x: 0, y: 10)).isEmpty)
    }

    @Test func sidebarAndSidebarPlain() throws {
        let sidebar = try engine(.list(using: ListConfiguration(appearance: .sidebar)), [2])
        expectFrames(frames(sidebar, section: 0), [rect(10, 0, 370, 44), rect(10, 44, 370, 44)])
        #expect(sidebar.contentSize.height == 98)
        let plain = try engine(.list(using: ListConfiguration(appearance: .sidebarPlain)), [2])
        expectFrames(frames(plain, section: 0), [rect(0, 0, 390, 44), rect(0, 44, 390, 44)])
    }

    @Test func measuredRowsReplaceTheEstimate() throws {
        let laidOut = try engine(.list(using: ListConfiguration(appearance: .plain)), [2]) { request in
            Size(width: 1, height: request.indexPath.item == 0 ? 80 : 20)
        }
        expectFrames(frames(laidOut, section: 0), [rect(0, 0, 390, 80), rect(0, 80, 390, 20)])
    }
}
