import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// A screen request is the key of the server's screen cache: one key per document, hashed on all it compares.
@Suite struct ScreenRequestTests {
    @Test func parametersAScreenDoesNotReadAreDropped() async {
        let month = LocalMonth(year: 2026, month: 3)
        for screen in ScreenName.allCases {
            let full = ScreenRequest(
                screen: screen, viewerID: 1, habitID: 10, userID: 2, month: month, tagID: 3, query: "cat",
                arrangement: .grid, collapsedGroups: ["flags"])
            let reads = screen.parameters
            #expect((full.habitID != nil) == reads.contains(.habit), "\(screen)")
            #expect((full.userID != nil) == reads.contains(.user), "\(screen)")
            #expect((full.month != nil) == reads.contains(.month), "\(screen)")
            #expect((full.tagID != nil) == reads.contains(.tag), "\(screen)")
            #expect((full.query != nil) == reads.contains(.query), "\(screen)")
            #expect((full.arrangement == .grid) == reads.contains(.arrangement), "\(screen)")
            #expect(full.collapsedGroups.isEmpty != reads.contains(.collapsed), "\(screen)")
        }
        let home = ScreenRequest(screen: .home, viewerID: 1)
        #expect(ScreenRequest(screen: .home, viewerID: 1, habitID: 4, month: month, query: "x") == home)
        #expect(ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, query: "") == .init(
            screen: .emoji, viewerID: 1, habitID: 10))
    }

    /// Each screen reads what its request keeps: building with a parameter dropped gives the same document.
    @Test func aScreenReadsEveryParameterItKeeps() async throws {
        var world = EmojiScreenTests.world()
        world.addUser(2, "Sam")
        let builder = ScreenBuilder(source: world, now: Fixture.now)
        let emoji = ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10)
        let variants = [
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, query: "cat"),
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, arrangement: .grid),
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, collapsedGroups: ["flags"]),
        ]
        let plain = try await builder.document(for: emoji, revision: "1")
        for variant in variants {
            #expect(try await builder.document(for: variant, revision: "1") != plain, "\(variant)")
        }
    }

    @Test func theHashCoversEveryFieldEqualityCompares() async {
        let queries = (0..<200).map { ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, query: "q\($0)") }
        #expect(Set(queries.map(\.hashValue)).count == queries.count)
        let slugs = Array(ScreenRequest.collapsibleGroups).sorted()
        let collapsed = slugs.map { ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, collapsedGroups: [$0]) }
        #expect(Set(collapsed.map(\.hashValue)).count == collapsed.count)
        let months = (1...12).compactMap { LocalMonth(year: 2025, month: $0) }.map {
            ScreenRequest(screen: .streak, viewerID: 1, habitID: 10, month: $0)
        }
        #expect(Set(months.map(\.hashValue)).count == months.count)
        let arrangements = EmojiArrangement.allCases.map {
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, arrangement: $0)
        }
        #expect(Set(arrangements.map(\.hashValue)).count == arrangements.count)
    }

    @Test func theCollapsibleGroupsAreThePickersGroupsAndRecents() async {
        #expect(ScreenRequest.collapsibleGroups == Set(EmojiCatalog.groups.map(\.slug) + ["recents"]))
        #expect(!ScreenRequest.collapsibleGroups.contains("made-up"))
    }
}
