import Foundation
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Programs to join: the featured one and a swimlane per category.
    public static let discover = ScreenName(declared: "discover")
}

/// Discover.
public enum DiscoverScreen: Screen {
    public static let name = ScreenName.discover
    public static let payloads: [any ItemPayload.Type] = [BannerContent.self, TextHeaderContent.self, ProgramCard.self]
    public static let title = "Discover"
    public static let tab: ScreenTab? = ScreenTab(title: "Discover", icon: "◎", order: 6)

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.discover(viewer: viewer, revision: revision)
    }
}

extension ScreenBuilder {
    /// How many programs a swimlane shows, newest first.
    static var swimlaneLength: Int { 12 }

    /// Discover: the featured program's banner, then for each category with programs a title line and a
    /// swimlane of its newest programs.
    func discover(viewer: User, revision: String) async throws -> ScreenDocument {
        let numbers = ProgramNumbers(locale: Locale(identifier: viewer.locale))
        let joined = try await source.joinedProgramIDs(userID: viewer.id)
        let ratings = try await source.programRatings(userID: viewer.id)
        var sections: [ScreenSection] = []
        if let featured = try await source.featuredProgram() {
            let banner = BannerContent(
                programID: featured.id, title: featured.title, caption: featured.summary, image: featured.imagePath,
                isJoined: joined.contains(featured.id))
            sections.append(
                ScreenSection(
                    id: "banner", layout: ScreenLayouts.banner,
                    items: [
                        ScreenItem(
                            id: "banner-\(featured.id)", content: ItemContent(banner),
                            fallback: ItemFallback(title: featured.title, subtitle: featured.summary),
                            actions: [membershipAction(featured, viewer: viewer, isJoined: banner.isJoined)])
                    ]))
        }
        for category in try await source.categories() {
            let programs = try await source.programs(categoryID: category.id, limit: Self.swimlaneLength)
            guard !programs.isEmpty else { continue }
            let heading = TextHeaderContent(parts: [("Newest programs in ", false), (category.name, true)])
            sections.append(
                ScreenSection(
                    id: "heading-\(category.id)", layout: ScreenLayouts.textHeader,
                    items: [
                        ScreenItem(
                            id: "heading-\(category.id)", content: ItemContent(heading),
                            fallback: ItemFallback(title: heading.text))
                    ]))
            sections.append(
                ScreenSection(
                    id: "programs-\(category.id)", layout: ScreenLayouts.swimlane,
                    wideLayout: ScreenLayouts.wideSwimlane,
                    items: programs.map { program in
                        programCard(
                            program, viewer: viewer, numbers: numbers, isJoined: joined.contains(program.id),
                            yourRating: ratings[program.id])
                    }))
        }
        return ScreenDocument(screen: .discover, title: "Discover", revision: revision, sections: sections)
    }

    /// One program's card: joining is its tap, rating its menu.
    func programCard(
        _ program: Program, viewer: User, numbers: ProgramNumbers, isJoined: Bool, yourRating: Int?
    ) -> ScreenItem {
        let rating = (program.rating.average * 10).rounded() / 10
        let card = ProgramCard(
            programID: program.id, title: program.title, author: program.author, image: program.imagePath,
            rating: rating, ratingText: numbers.rating(rating),
            stars: ProgramCard.stars(for: program.rating.average), reviewCount: program.rating.count,
            reviewCountText: "(" + numbers.count(program.rating.count) + ")",
            price: numbers.prices.string(for: program.price), tag: program.tag, isJoined: isJoined,
            yourRating: yourRating)
        var actions = [membershipAction(program, viewer: viewer, isJoined: isJoined)]
        let ratingPath = Routes.rating.path(viewer.id, program.id)
        for stars in 1...5 where stars != yourRating {
            actions.append(
                .request(
                    .menu, title: stars == 1 ? "Rate 1 Star" : "Rate \(stars) Stars", method: "PUT", path: ratingPath,
                    body: ["stars": .integer(Int64(stars))]))
        }
        if yourRating != nil {
            actions.append(.request(.menu, title: "Remove Rating", method: "DELETE", path: ratingPath))
        }
        let subtitle = "\(program.author) · \(card.ratingText) \(card.reviewCountText) · \(card.price)"
        return ScreenItem(
            id: "program-\(program.id)", content: ItemContent(card),
            fallback: ItemFallback(title: program.title, subtitle: subtitle), actions: actions)
    }

    /// Joins a program the viewer has not joined, or leaves it.
    func membershipAction(_ program: Program, viewer: User, isJoined: Bool) -> ItemAction {
        .request(
            .activate, title: isJoined ? "Leave Program" : "Join Program", method: isJoined ? "DELETE" : "PUT",
            path: Routes.membership.path(viewer.id, program.id))
    }
}

/// The number formats of one viewer's Discover, made once per document rather than once per card.
struct ProgramNumbers {
    /// Prices in their currencies for this locale.
    let prices: PriceFormatter
    private let decimal: NumberFormatter
    private let grouping: NumberFormatter

    init(locale: Locale) {
        prices = PriceFormatter(locale: locale)
        decimal = NumberFormatter()
        decimal.locale = locale
        decimal.numberStyle = .decimal
        decimal.minimumFractionDigits = 1
        decimal.maximumFractionDigits = 1
        grouping = NumberFormatter()
        grouping.locale = locale
        grouping.numberStyle = .decimal
    }

    /// A rating with one decimal: "4.5", "4,5".
    func rating(_ value: Double) -> String { decimal.string(from: NSNumber(value: value)) ?? String(value) }

    /// A count with the locale's grouping separators: "1,234", "1.234".
    func count(_ value: Int) -> String { grouping.string(from: NSNumber(value: value)) ?? String(value) }
}
