import CompositionalLayout
import Foundation
import HabitsDomain

/// `streakCard`: the wide card's three figures, each with the dates it spans.
public struct StreakCard: ItemPayload {
    /// Which of the three figures the item is.
    public enum Figure: String, Codable, Hashable, Sendable {
        case total, current, longest
    }

    public var figure: Figure
    public var habitID: Int64
    public var value: Int
    /// What the value counts: "Total Days", "Current Streak", "Longest Streak" (weeks for weekly schedules).
    public var label: String
    public var unit: StreakUnit
    /// The first and last day the figure spans; nil when it spans none (a streak of 0).
    public var first: LocalDay?
    public var last: LocalDay?
    /// The span in words: "Mar 2 – Mar 11, 2026", "Since Jan 5, 2025", or "No streak yet".
    public var dates: String

    init(
        figure: Figure, habitID: Int64, value: Int, unit: StreakUnit, first: LocalDay?, last: LocalDay?,
        titles: DayTitles
    ) {
        self.figure = figure
        self.habitID = habitID
        self.value = value
        self.unit = unit
        self.first = first
        self.last = last
        let weeks = unit == .weeks
        switch figure {
        case .total: label = "Total Days"
        case .current: label = weeks ? "Weeks in a Row" : "Current Streak"
        case .longest: label = weeks ? "Longest Run of Weeks" : "Longest Streak"
        }
        switch (figure, first, last) {
        case (.total, let first?, _): dates = "Since \(titles.title(of: first))"
        case (_, let first?, let last?):
            dates = titles.span(from: first, through: last)
        default: dates = figure == .total ? "Nothing done yet" : "No streak yet"
        }
    }
}

extension StreakCard {
    public static let type = "streakCard"
    public var heapBytes: Int { heapSum(label, dates) }
}

/// A widget as `widget.json` answers it: its family, the habit it shows, and its timeline.
public struct WidgetDocument: Codable, Hashable, Sendable {
    public var family: WidgetFamily
    public var habitID: Int64?
    public var timeline: WidgetTimeline

    public init(family: WidgetFamily, habitID: Int64?, timeline: WidgetTimeline) {
        self.family = family
        self.habitID = habitID
        self.timeline = timeline
    }
}

/// What a widget shows now and later, and when to ask again, as WidgetKit's `Timeline` has it.
///
/// Dates are written in the owner's zone with its offset (`2026-03-12T00:00:00+09:00`), the form
/// `reloadAfter` and `Cache-Control` agree on.
public struct WidgetTimeline: Codable, Hashable, Sendable {
    /// One document and the moment from which it is the one to show.
    public struct Entry: Codable, Hashable, Sendable {
        public var date: String
        public var document: ScreenDocument
    }

    public var entries: [Entry]
    /// When to ask for a new timeline: the next midnight in the owner's zone, when "today" ends.
    public var reloadAfter: String

    public init(entries: [Entry], reloadAfter: String) {
        self.entries = entries
        self.reloadAfter = reloadAfter
    }

    /// `date` as the timeline writes it, in `zone`.
    public static func text(of date: Date, in zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// The item kinds only widgets show; the others are the screens' own.
enum WidgetPayloads {
    static let all: [any ItemPayload.Type] = [StreakCard.self]
}

/// The section layouts of the four widget families, in points at each family's default size; a client
/// scales the whole widget to the size it draws at.
enum WidgetLayouts {
    /// One item filling the small widget.
    static let whole = block(height: 170)

    /// The medium widget's rows: up to four, under a header naming the day.
    static let todayRows: LayoutSection = {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(32)),
            subitems: [.item(item)])
        return LayoutSection(
            group: row, contentInsets: EdgeInsets(top: 2, leading: 14, bottom: 8, trailing: 14),
            boundarySupplementaryItems: [ScreenLayouts.header(height: 32)])
    }()

    /// The large widget's summary: the habit and its streak, over the month.
    static let summary = block(height: 76)

    /// The weekday headings, under the month's name.
    static let weekdays: LayoutSection = {
        var section = ScreenLayouts.week(height: 22, bottom: 0)
        section.boundarySupplementaryItems = [ScreenLayouts.header(height: 26)]
        return section
    }()

    /// The month's days: up to six weeks of 42 points.
    static let days = ScreenLayouts.week(height: 42, bottom: 0)

    /// The card's three figures side by side, under the habit's name.
    static let cardFigures: LayoutSection = {
        let figure = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        let row = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(159)),
            subitems: [.item(figure)])
        return LayoutSection(group: row, boundarySupplementaryItems: [ScreenLayouts.header(height: 36)])
    }()

    /// One full-width item `height` points high.
    static func block(height: Double) -> LayoutSection {
        ScreenLayouts.rows(height: height)
    }
}
