import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsStore

/// Why a screen cannot be built: what the request names does not exist.
public enum ScreenError: Error, Hashable, Sendable {
    case unknownUser(String)
    case unknownHabit(String)
    case unknownTag(String)
    case missingParameter(String)
    /// A month after the viewer's current month.
    case futureMonth(LocalMonth)

    /// The same failure in the domain's terms, which the server maps to HTTP.
    public var habitsError: HabitsError {
        switch self {
        case .unknownUser(let id): .notFound(kind: .user, id: id)
        case .unknownHabit(let id): .notFound(kind: .habit, id: id)
        case .unknownTag(let id): .notFound(kind: .tag, id: id)
        case .missingParameter(let name): .invalid(field: name, reason: "is required for this screen.")
        case .futureMonth(let month): .invalid(field: "month", reason: "\(month) lies after the current month.")
        }
    }
}

/// Builds screen documents from a `ScreenSource`; pure, so one state of the store gives one document.
public struct ScreenBuilder<Source: ScreenSource> {
    let source: Source
    /// The server's clock when the document is built: what "today" is on the streak calendar.
    let now: Date

    public init(source: Source, now: Date = Date()) {
        self.source = source
        self.now = now
    }

    /// The document `request` names, with `revision` as its revision, built from what its viewer may see.
    public func document(for request: ScreenRequest, revision: String) async throws -> ScreenDocument {
        let visible = seen(by: request.viewerID)
        guard let viewer = try await visible.source.user(id: request.viewerID) else {
            throw ScreenError.unknownUser(String(request.viewerID))
        }
        return try await Screens.named(request.screen).build(
            request, viewer: viewer, with: visible, revision: revision)
    }

    /// This builder over the source as `viewerID` may see it (`VisibleSource`).
    func seen(by viewerID: Int64) -> ScreenBuilder<VisibleSource<Source>> {
        ScreenBuilder<VisibleSource<Source>>(source: VisibleSource(source, viewerID: viewerID), now: now)
    }

    /// A section per category holding some of `habits` (in their order), categories by name, each under
    /// a header in the category's name and colour: the habits, log and user screens group alike.
    func categorySections(
        _ habits: [Habit], categories: [Int64: Category], layout: LayoutSection, wideLayout: LayoutSection? = nil,
        item: (Habit) -> ScreenItem?
    ) -> [ScreenSection] {
        var byCategory: [Int64: [Habit]] = [:]
        for habit in habits { byCategory[habit.categoryID, default: []].append(habit) }
        return categories.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.compactMap { category in
            guard let members = byCategory[category.id], !members.isEmpty else { return nil }
            return ScreenSection(
                id: "category-\(category.id)", layout: layout, wideLayout: wideLayout,
                header: SectionBoundary(title: category.name, color: category.color.screenColor),
                items: members.compactMap(item))
        }
    }

    /// The viewer's today in their time zone (UTC when it is unknown). Notes that what is built depends on
    /// the day, which ends at the viewer's midnight, so that live screens are rebuilt then.
    func viewersToday(_ viewer: User) -> LocalDay {
        let zone = viewer.zone
        let today = LocalDay(now, in: zone)
        source.dayEnds(at: today.adding(days: 1).start(in: zone))
        return today
    }

    /// The grey a habit is drawn in when its category cannot be found.
    static var missingCategoryColor: Color { Color(hue: 0, saturation: 0, brightness: 0.5) }

    /// Habits by id, and the categories they belong to by id.
    func catalogue() async throws -> (habits: [Habit], categories: [Int64: Category]) {
        var categories: [Int64: Category] = [:]
        for category in try await source.categories() { categories[category.id] = category }
        return (try await source.habits(), categories)
    }
}

extension Color {
    /// The colour as a screen document carries it.
    var screenColor: ScreenColor { ScreenColor(hue: hue, saturation: saturation, brightness: brightness) }
}

extension User {
    /// Where the server serves this user's picture.
    var picturePath: String { Routes.userImage.path(key) }
}
