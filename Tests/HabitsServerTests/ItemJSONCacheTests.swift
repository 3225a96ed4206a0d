import Foundation
import HabitsDomain
import Testing

@testable import HabitsScreens
@testable import HabitsServer

/// The JSON of items: the encoder's, one entry per item, and within its byte budget.
@Suite struct ItemJSONCacheTests {
    static func item(_ id: String, title: String) -> ScreenItem {
        ScreenItem(
            id: id, content: ItemContent(EmptyState(title: title, message: "")), fallback: ItemFallback(title: id))
    }

    @Test func anItemIsEncodedOnceAndAnyChangeIsAnotherEntry() throws {
        let cache = ItemJSONCache()
        let run = Self.item("a", title: "Run")
        #expect(try cache.json(for: run) == Array(HabitsJSON.encoder().encode(run)))
        let bytes = cache.byteCount
        #expect(try cache.json(for: run) == Array(HabitsJSON.encoder().encode(run)))
        #expect(cache.byteCount == bytes, "no second entry")
        let walk = Self.item("a", title: "Walk")
        #expect(try cache.json(for: walk) == Array(HabitsJSON.encoder().encode(walk)))
        #expect(cache.byteCount > bytes)
    }

    @Test func manyItemsStayWithinTheBudget() throws {
        let budget = 64 << 10
        let cache = ItemJSONCache(byteBudget: budget)
        for index in 0..<2_000 {
            let item = Self.item("i\(index)", title: String(repeating: "x", count: index % 500))
            #expect(try cache.json(for: item) == Array(HabitsJSON.encoder().encode(item)))
            #expect(cache.byteCount <= budget)
        }
        #expect(cache.byteCount > 0)
    }
}
