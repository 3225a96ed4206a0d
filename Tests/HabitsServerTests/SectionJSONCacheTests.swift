import Foundation
import HabitsDomain
import Testing

@testable import HabitsScreens
@testable import HabitsServer

/// The JSON of sections around their items: one entry for every section that differs only in its items,
/// another for any other difference, and within its byte budget.
@Suite struct SectionJSONCacheTests {
    static func section(_ id: String, title: String, items: [String] = []) -> ScreenSection {
        ScreenSection(
            id: id, layout: ScreenLayouts.leaderboard, header: SectionBoundary(title: title),
            items: items.map { ScreenItem(id: $0, content: ItemContent(EmptyState(title: $0, message: "")),
                fallback: ItemFallback(title: $0)) })
    }

    @Test func sectionsThatDifferOnlyInTheirItemsShareAnEntry() throws {
        let cache = SectionJSONCache()
        let first = try cache.json(for: Self.section("a", title: "Run", items: ["1", "2"]))
        #expect(first.head == (try Self.section("a", title: "Run").jsonAroundItems()).head)
        let bytes = cache.byteCount
        let second = try cache.json(for: Self.section("a", title: "Run", items: ["3"]))
        #expect(second.head == first.head && second.tail == first.tail)
        #expect(cache.byteCount == bytes, "no second entry")
        // Another title is another section.
        let renamed = try cache.json(for: Self.section("a", title: "Walk", items: ["1", "2"]))
        #expect(renamed.head != first.head)
        #expect(String(decoding: renamed.head, as: UTF8.self).contains("Walk"))
        #expect(cache.byteCount > bytes)
    }

    @Test func manySectionsStayWithinTheBudget() throws {
        let budget = 64 << 10
        let cache = SectionJSONCache(byteBudget: budget)
        for index in 0..<2_000 {
            let section = Self.section("s\(index)", title: String(repeating: "x", count: index % 300))
            #expect(try cache.json(for: section).head == section.jsonAroundItems().head)
            #expect(cache.byteCount <= budget)
        }
        #expect(cache.byteCount > 0)
    }
}
