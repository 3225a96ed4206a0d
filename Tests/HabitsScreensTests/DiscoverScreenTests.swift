import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Discover for a fixed world: two categories (one named in Korean with an emoji), programs in three
/// currencies, one free, and ratings.
@Suite struct DiscoverScreenTests {
    static func world(locale: String = "en_US") -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex")
        world.users[1]?.locale = locale
        for id in 2...5 { world.addUser(Int64(id), "User \(id)") }
        world.categoryList = [
            Category(id: 1, name: "Mindfulness", color: Color(hue: 0.5, saturation: 0.5, brightness: 0.8)),
            Category(id: 2, name: "명상 🧘‍♀️", color: Color(hue: 0.2, saturation: 0.5, brightness: 0.8)),
            Category(id: 3, name: "Empty", color: Color(hue: 0.7, saturation: 0.5, brightness: 0.8)),
        ]
        func program(_ id: Int64, _ title: String, category: Int64, price: Price, day: Int, featured: Bool = false)
            -> Program
        {
            Program(
                id: id, title: title, author: "Author \(id)", summary: "About \(title)", categoryID: category,
                price: price, tag: id == 1 ? "Bestseller" : nil, habitIDs: [], featured: featured,
                createdAt: Date(timeIntervalSince1970: Double(day) * 86_400))
        }
        world.programList = [
            program(1, "Calm Mornings", category: 1, price: Price(minorUnits: 1999, currency: "USD"), day: 3),
            program(2, "Breathe", category: 1, price: Price(minorUnits: 0, currency: "USD"), day: 5, featured: true),
            program(3, "Ruhe", category: 1, price: Price(minorUnits: 1999, currency: "EUR"), day: 4, featured: true),
            program(4, "고요한 아침", category: 2, price: Price(minorUnits: 19900, currency: "KRW"), day: 1),
        ]
        world.ratings = [2: [1: 5], 3: [1: 4], 4: [1: 4, 4: 3], 5: [4: 2]]
        world.joined = [1: [2]]
        world.ratings[1] = [4: 3]
        return world
    }

    static func document(_ world: WorldSource) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world).document(for: ScreenRequest(screen: .discover, viewerID: 1),
            revision: "7")
    }

    static func cards(_ document: ScreenDocument) -> [String: ProgramCard] {
        var cards: [String: ProgramCard] = [:]
        for item in document.items { if let card = item.content.as(ProgramCard.self) { cards[item.id] = card } }
        return cards
    }

    @Test func sectionsAreTheBannerThenATitleAndASwimlanePerCategoryWithPrograms() async throws {
        let document = try await Self.document(Self.world())
        #expect(document.screen == .discover && document.title == "Discover")
        #expect(
            document.sections.map(\.id) == ["banner", "heading-1", "programs-1", "heading-2", "programs-2"])
        let banner = try #require(document.sections.first?.items.first)
        #expect(banner.id == "banner-2")
        #expect(
            banner.content
                == ItemContent(
                    BannerContent(
                        programID: 2, title: "Breathe", caption: "About Breathe", image: "/images/programs/2",
                        isJoined: true)))
        #expect(banner.actions.map(\.title) == ["Leave Program"])
        #expect(banner.actions.first?.method == "DELETE" && banner.actions.first?.path == "/v1/users/1/programs/2")
        // Newest first.
        #expect(document.sections[2].items.map(\.id) == ["program-2", "program-3", "program-1"])
    }

    @Test func layoutsAreTheBriefsWithTheCardSizeItMeant() async throws {
        let document = try await Self.document(Self.world())
        let banner = document.sections[0].layout
        #expect(banner.group.layoutSize.heightDimension == .absolute(220))
        #expect(banner.contentInsets.bottom == 20)
        let swimlane = document.sections[2].layout
        #expect(swimlane.group.layoutSize.widthDimension == .absolute(160))
        #expect(swimlane.group.layoutSize.heightDimension == .absolute(200))
        #expect(swimlane.interGroupSpacing == 10)
        #expect(swimlane.orthogonalScrollingBehavior == .continuous)
        #expect(swimlane.contentInsets.top == 0 && swimlane.contentInsets.leading == 20)
        #expect(swimlane.contentInsets.bottom == 20 && swimlane.contentInsets.trailing == 20)
    }

    @Test func headingsHighlightTheCategoryInScalarsAndUTF16() async throws {
        let document = try await Self.document(Self.world())
        guard let english = document.sections[1].items[0].content.as(TextHeaderContent.self),
            let korean = document.sections[3].items[0].content.as(TextHeaderContent.self)
        else {
            Issue.record("no text headers")
            return
        }
        #expect(english.text == "Newest programs in Mindfulness")
        #expect(
            english.highlights
                == [TextHighlight(scalarOffset: 19, scalarLength: 11, utf16Offset: 19, utf16Length: 11)])
        // 명 상 space 🧘 ZWJ ♀ VS16: 7 scalars, and 🧘 takes two UTF-16 units.
        #expect(korean.text == "Newest programs in 명상 🧘‍♀️")
        #expect(
            korean.highlights == [TextHighlight(scalarOffset: 19, scalarLength: 7, utf16Offset: 19, utf16Length: 8)])
        let scalars = Array(korean.text.unicodeScalars)[19..<26].map(String.init).joined()
        #expect(scalars == "명상 🧘‍♀️")
        let units = Array(korean.text.utf16)[19..<27]
        #expect(String(decoding: units, as: UTF16.self) == "명상 🧘‍♀️")
    }

    @Test func cardsShowRatingReviewsPriceAndTagInTheViewersLocale() async throws {
        let english = Self.cards(try await Self.document(Self.world()))
        let calm = try #require(english["program-1"])
        #expect(calm.rating == 4.3 && calm.ratingText == "4.3")
        #expect(calm.stars == [.full, .full, .full, .full, .half])
        #expect(calm.reviewCount == 3 && calm.reviewCountText == "(3)")
        #expect(calm.price == "$19.99" && calm.tag == "Bestseller")
        #expect(english["program-2"]?.price == "Free")
        #expect(english["program-2"]?.stars == [.empty, .empty, .empty, .empty, .empty])
        #expect(english["program-3"]?.price == "€19.99")
        #expect(english["program-4"]?.price == "₩19,900")
        let german = Self.cards(try await Self.document(Self.world(locale: "de_DE")))
        #expect(german["program-1"]?.ratingText == "4,3")
        #expect(german["program-3"]?.price == "19,99\u{a0}€")
        #expect(german["program-1"]?.price == "19,99\u{a0}$")
        let korean = Self.cards(try await Self.document(Self.world(locale: "ko_KR")))
        #expect(korean["program-4"]?.price == "₩19,900")
    }

    @Test func reviewCountsAreGroupedByLocale() async throws {
        var world = Self.world()
        for id in Int64(100)..<Int64(1334) { world.ratings[id] = [1: 5] }
        let count = 1234 + 3
        #expect(Self.cards(try await Self.document(world))["program-1"]?.reviewCountText == "(1,237)")
        world.users[1]?.locale = "de_DE"
        #expect(Self.cards(try await Self.document(world))["program-1"]?.reviewCountText == "(1.237)")
        world.users[1]?.locale = "ko_KR"
        #expect(Self.cards(try await Self.document(world))["program-1"]?.reviewCount == count)
        #expect(Self.cards(try await Self.document(world))["program-1"]?.reviewCountText == "(1,237)")
    }

    @Test func joiningIsTheTapAndRatingTheMenu() async throws {
        let document = try await Self.document(Self.world())
        let item = try #require(document.items.first { $0.id == "program-4" })
        #expect(
            item.actions.map(\.title) == [
                "Join Program", "Rate 1 Star", "Rate 2 Stars", "Rate 4 Stars", "Rate 5 Stars", "Remove Rating",
            ])
        #expect(item.actions[0].method == "PUT" && item.actions[0].path == "/v1/users/1/programs/4")
        #expect(item.actions[1].path == "/v1/users/1/ratings/4" && item.actions[1].body == ["stars": .integer(1)])
        #expect(item.actions.last?.method == "DELETE")
        guard let card = item.content.as(ProgramCard.self) else { return }
        #expect(card.yourRating == 3 && !card.isJoined)
        #expect(item.fallback == ItemFallback(title: "고요한 아침", subtitle: "Author 4 · 2.7 (3) · ₩19,900"))
    }

    @Test func anEmptyStoreHasNoSections() async throws {
        var world = WorldSource()
        world.addUser(1, "Alex")
        #expect(try await Self.document(world).sections.isEmpty)
    }

    @Test func starsRoundToTheNearestHalf() async {
        #expect(ProgramCard.stars(for: 4.2) == [.full, .full, .full, .full, .empty])
        #expect(ProgramCard.stars(for: 4.25) == [.full, .full, .full, .full, .half])
        #expect(ProgramCard.stars(for: 4.8) == [.full, .full, .full, .full, .full])
        #expect(ProgramCard.stars(for: 0.3) == [.half, .empty, .empty, .empty, .empty])
        #expect(ProgramCard.stars(for: 0) == Array(repeating: .empty, count: 5))
    }
}
