import CompositionalLayout
import Foundation
import HabitsDomain
@testable import HabitsScreens
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsServer

/// The web client's renderers: one template per item type, the fallback, escaping, and layout CSS.
@Suite struct WebRenderTests {
    static func renderer() throws -> ScreenHTMLRenderer { try WebAssets.bundled.renderer() }

    static let color = ScreenColor(hue: 0.3, saturation: 0.6, brightness: 0.85)
    static let today = LocalDay(iso: "2026-11-22")!

    /// One item of every type, with a string each must show.
    static let samples: [(ItemContent, String)] = [
        (
            ItemContent(
                LeaderboardHabit(habitName: "Run", leader: "Sam 7", secondary: "You 4 (2nd)", leaderUsername: "sam")),
            "@sam"
        ),
        (ItemContent(FollowedUser(userName: "Kai", username: "kai", message: "Currently 1st in Run.")), "@kai"),
        (ItemContent(EmptyState(title: "You follow no one yet", message: "Follow someone.")), "Follow someone."),
        (
            ItemContent(HabitRow(habitID: 1, name: "Swim", emoji: "🏊", category: "Sport", color: color,
                isFavorite: true)),
            "Swim"
        ),
        (
            ItemContent(LogHabitRow(
                HabitRow(habitID: 1, name: "Read", emoji: nil, category: "Mind", color: color, isFavorite: false))),
            "Read"
        ),
        (
            ItemContent(HabitHeader(name: "Yoga", emoji: nil, category: "Body", color: color, description: "Stretch")),
            "Stretch"
        ),
        (ItemContent(UserCount(userID: 2, userName: "Ann", username: "ann", count: 12, isViewer: true)), "@ann"),
        (
            ItemContent(
                UserCard(
                    userID: 2, name: "Ann", username: "ann-card", color: color, picture: "/images/ann",
                    isFollowed: true)),
            "@ann-card"
        ),
        (
            ItemContent(
                UserHeader(
                    userID: 2, name: "Ann", username: "ann-header", bio: "Hello there", color: nil,
                    picture: "/images/ann")),
            "@ann-header"
        ),
        (ItemContent(HabitCount(habitID: 3, habitName: "Walk", emoji: nil, count: 9)), "Walk"),
        (
            ItemContent(
                StreakSummaryContent(
                    habitID: 3, habitName: "Walk",
                    streak: StreakSummary(current: 5, longest: 8, today: today, todayDone: true))), "Current Streak"
        ),
        (
            ItemContent(
                StreakCard(
                    figure: .longest, habitID: 3, value: 12, unit: .days, first: LocalDay(iso: "2026-10-01"),
                    last: LocalDay(iso: "2026-10-12"), titles: CalendarNames(locale: "en_US").dayTitles())),
            "Oct 1 – Oct 12, 2026"
        ),
        (
            ItemContent(MonthLink(direction: .previous, month: LocalMonth(iso: "2026-10")!, title: "October 2026")),
            "October 2026"
        ),
        (ItemContent(CalendarWeekday(weekday: 2, symbol: "M", name: "Monday")), "Monday"),
        (ItemContent(CalendarBlank()), #"<div class="item-body"></div>"#),
        (ItemContent(CalendarDay(date: today, done: true, today: today)), "2026-11-22, done, today"),
        (ItemContent(HabitStat(label: "Last 30 Days", value: "83%", detail: "25 of 30 days")), "25 of 30 days"),
        (
            ItemContent(
                YearDay(
                    record: HabitDay(day: today, logCount: 1, note: "5 km"), date: today,
                    schedule: HabitSchedule(kind: .daily, timesPerDay: 2), today: today)),
            "2026-11-22, partly done, has a note"
        ),
        (ItemContent(DayNote(date: today, title: "Nov 22, 2026", note: "5 km")), "Nov 22, 2026"),
        (ItemContent(HabitChoice(habitID: 3, name: "Walk", emoji: nil, selected: true)), "(shown)"),
    ] + discoverHelpAndEmojiSamples

    /// Discover, Help and the emoji picker.
    static let discoverHelpAndEmojiSamples: [(ItemContent, String)] = [
        (
            ItemContent(
                BannerContent(
                    programID: 1, title: "Calm", caption: "Ten quiet minutes", image: "/p/1", isJoined: true)),
            "Ten quiet minutes"
        ),
        (
            ItemContent(TextHeaderContent(parts: [("Newest programs in ", false), ("명상 🧘", true)])),
            "Newest programs in <mark>명상 🧘</mark>"
        ),
        (
            ItemContent(
                ProgramCard(
                    programID: 1, title: "Calm", author: "Ann", image: "/p/1", rating: 4.5, ratingText: "4.5",
                    stars: [.full, .full, .full, .full, .half], reviewCount: 1234, reviewCountText: "(1,234)",
                    price: "$19.99", tag: "Bestseller", isJoined: false, yourRating: nil)),
            #"<i class="star star-half"></i>"#
        ),
        (ItemContent(FilterChip(title: "Streaks", isSelected: true)), #"aria-current="true">Streaks"#),
        (
            ItemContent(
                QuestionContent(
                    questionID: 1, question: "Why?", answer: "Because.", status: "Answered", tags: ["Streaks"],
                    isYours: false)), "<details class=\"question\"><summary>"
        ),
        (
            ItemContent(
                ContactGuide(
                    title: "Didn't find an answer?", subtitle: "Ask us", buttonTitle: "Ask a Question",
                    field: "question",
                    placeholder: "Your question", minimumLength: 1, maximumLength: 2000)), #"maxlength="2000""#
        ),
        (
            ItemContent(SearchField(parameter: "q", query: "cat", placeholder: "Search", kept: ["habit": "3"])),
            #"<input type="hidden" name="habit" value="3">"#
        ),
        (ItemContent(EmojiGroupContent(name: "Flags", slug: "flags", count: 269, isExpanded: true)), "269"),
        (ItemContent(EmojiChoice(emoji: "🐈", name: "cat", isCurrent: true)), "(current icon)"),
        (
            ItemContent(
                TodayHabit(
                    habitID: 3, habitName: "Stretch", emoji: "🧘",
                    color: ScreenColor(hue: 0.3, saturation: 0.5, brightness: 0.8), done: true, streak: 4)),
            "Done today · 4-day streak"
        ),
        (
            ItemContent(
                FormField(
                    name: "schedule.weekdays", label: "Days", kind: .toggles, value: "mon,fri",
                    options: [.init(value: "mon", label: "Mon"), .init(value: "fri", label: "Fri")],
                    shownWhen: .init(field: "schedule.kind", values: ["weekdays"]))),
            #"<input type="checkbox" value="fri" checked>"#
        ),
        (
            ItemContent(FormSubmit(title: "Save Changes", done: "Saved.", next: .init(screen: .yourHabits))),
            #"data-next="/screens/yourHabits""#
        ),
        (
            ItemContent(
                OwnHabitRow(
                    habitID: 4, name: "Stretch", emoji: nil, category: "Fitness", color: color,
                    schedule: "Mon, Wed, Fri", reminder: "07:30", isArchived: false, isEditing: true)),
            "reminder 07:30"
        ),
    ]

    @Test func everyItemTypeHasItsTemplateAndShowsItsContent() throws {
        let renderer = try Self.renderer()
        #expect(Set(Self.samples.map(\.0.type)) == Set(ItemContent.types), "a sample of every type")
        for (content, text) in Self.samples {
            #expect(renderer.hasTemplate(forType: content.type), "\(content.type)")
            let item = ScreenItem(id: "x-1", content: content, fallback: ItemFallback(title: "FALLBACK"))
            let html = renderer.item(item)
            #expect(
                html.hasPrefix(
                    #"<div class="item item-\#(content.type)" data-item-id="x-1" data-item-type="\#(content.type)">"#))
            #expect(html.contains(text), "\(content.type) shows \(text)")
            #expect(!html.contains("FALLBACK"), "\(content.type) is drawn by its own template")
        }
    }

    @Test func anUnknownTypeIsDrawnFromItsFallback() throws {
        let item = ScreenItem(
            id: "u-1", content: ItemContent(HabitCount(habitID: 1, habitName: "Hidden", emoji: nil, count: 1)),
            fallback: ItemFallback(title: "Title <b>", subtitle: "Sub & more"))
        let html = try Self.renderer().item(item, template: "items/aTypeFromTheFuture")
        #expect(html.contains(#"<span class="fallback-title">Title &lt;b&gt;</span>"#))
        #expect(html.contains(#"<span class="fallback-subtitle">Sub &amp; more</span>"#))
        #expect(!html.contains("Hidden"))
    }

    @Test func actionsBecomeLinksButtonsAndMenus() throws {
        let item = ScreenItem(
            id: "habit-7",
            content: ItemContent(
                HabitRow(
                    habitID: 7, name: "Run", emoji: nil, category: "C", color: Self.color,
                    isFavorite: false)),
            fallback: ItemFallback(title: "Run"),
            actions: [
                .open(title: "Open Run", screen: .habit, parameters: ["habit": "7"]),
                .request(.menu, title: "Favorite", method: "PUT", path: "/v1/users/1/favorites/7"),
            ])
        let html = try Self.renderer().item(item)
        #expect(html.contains(#"<a class="item-body" href="/screens/habit?habit=7">"#))
        let menu =
            #"<button type="button" class="menu-action" data-method="PUT" "#
            + #"data-path="/v1/users/1/favorites/7" data-body="">Favorite</button>"#
        #expect(html.contains(menu))
        let log = ScreenItem(
            id: "habit-8",
            content: ItemContent(LogHabitRow(
                HabitRow(
                    habitID: 8, name: "Read", emoji: nil, category: "C",
                    color: Self.color, isFavorite: false))),
            fallback: ItemFallback(title: "Read"),
            actions: [
                .request(
                    .activate, title: "Log Read", method: "POST", path: "/v1/logs",
                    body: ["habitID": .integer(8), "userID": .integer(1)])
            ])
        let button = try Self.renderer().item(log)
        // The JSON body is an attribute: its quotes are escaped.
        #expect(button.contains(#"data-body="{&quot;habitID&quot;:8,&quot;userID&quot;:1}""#))
        #expect(button.contains(#"aria-label="Log Read""#))
    }

    @Test func layoutsBecomeCSS() throws {
        let sideways = LayoutSection(
            group: .vertical(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.75), heightDimension: .absolute(300)),
                repeatingSubitem: .item(
                    LayoutItem(
                        layoutSize: LayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.3)))), count: 3),
            contentInsets: EdgeInsets(top: 12, leading: 20, bottom: 20, trailing: 20), interGroupSpacing: 20,
            orthogonalScrollingBehavior: .continuous)
        let continuous = LayoutCSS(sideways)
        #expect(continuous.scrollsSideways)
        #expect(continuous.items.contains("grid-auto-flow: column"))
        #expect(continuous.items.contains("grid-auto-columns: calc(100cqw * 0.75)"))
        // A counted group divides its height evenly.
        #expect(continuous.items.contains("grid-template-rows: repeat(3, minmax(0, 1fr))"))
        #expect(continuous.items.contains("padding: 12px 20px 20px 20px"))
        #expect(continuous.items.contains("column-gap: 20px"))
        #expect(continuous.items.contains("overflow-x: auto"))
        #expect(!continuous.items.contains("scroll-snap"), "continuous scrolling does not snap")
        var paged = sideways
        paged.orthogonalScrollingBehavior = .groupPagingCentered
        #expect(LayoutCSS(paged).items.contains("scroll-snap-type: x mandatory"))
        #expect(LayoutCSS(paged).items.contains("--snap-align: center"))

        let pinned = LayoutSection(
            group: .horizontal(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                subitems: [
                    .item(
                        LayoutItem(
                            layoutSize: LayoutSize(
                                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))))
                ]),
            contentInsets: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
            boundarySupplementaryItems: [
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
                    elementKind: "header", alignment: .top, pinToVisibleBounds: true)
            ])
        let rows = LayoutCSS(pinned)
        #expect(rows.items.contains("grid-auto-rows: 44px"))
        #expect(rows.items.contains("grid-template-columns: repeat(1, minmax(0, 1fr))"))
        #expect(rows.pinnedHeader && rows.header == "height: 36px")
        #expect(!rows.scrollsSideways)
    }
}

extension WebRenderTests {
    @Test func squareCellsTakeTheirShareOfTheGroupsHeight() {
        let square = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalHeight(1), heightDimension: .fractionalHeight(1)))
        var pair = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.45)),
            subitems: [.item(square), .item(square)])
        pair.interItemSpacing = .fixed(20)
        let css = LayoutCSS(LayoutSection(group: pair))
        #expect(css.items.contains("grid-template-columns: 45% 45%"))
        #expect(css.items.contains("--item-aspect: 1"))
        #expect(css.items.contains("column-gap: 20px"))
    }
}

extension WebRenderTests {
    @Test func aStreakOfZeroIsDrawnAsNone() throws {
        func html(_ current: Int) throws -> String {
            let streak = StreakSummary(current: current, longest: 3, today: Self.today, todayDone: false)
            let content = ItemContent(StreakSummaryContent(habitID: 1, habitName: "Run", streak: streak))
            return try Self.renderer().item(
                ScreenItem(id: "streak", content: content, fallback: ItemFallback(title: "")))
        }
        #expect(try html(0).contains(#"<span class="streak-number zero">0</span>"#))
        #expect(try html(2).contains(#"<span class="streak-number">2</span>"#))
    }
}

/// The layouts of Discover, Help and the emoji picker as CSS.
@Suite struct DiscoverHelpEmojiLayoutCSSTests {
    /// A section's layout in the example document of `screen` (`Docs/Examples`, checked against the code).
    static func layout(_ screen: ScreenName, _ section: String) throws -> LayoutSection {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Examples/\(screen.rawValue).json")
        let document = try JSONDecoder().decode(ScreenDocument.self, from: try Data(contentsOf: url))
        return try #require(document.sections.first { $0.id == section }).layout
    }

    @Test func chipsWrapAsWideAsTheirText() throws {
        let css = LayoutCSS(try Self.layout(.help, "tags"))
        #expect(css.items.hasPrefix("display: flex"))
        #expect(css.items.contains("flex-wrap: wrap"))
        #expect(css.items.contains("--flow-width: auto") && css.items.contains("--flow-height: 36px"))
        #expect(css.items.contains("column-gap: 8px") && css.items.contains("row-gap: 8px"))
        #expect(css.items.contains("padding: 12px 16px 12px 16px"))
        #expect(css.hasBackground)
    }

    @Test func swimlaneCardsAreExactlyTheirGroupsSize() throws {
        let css = LayoutCSS(try Self.layout(.discover, "programs-1"))
        #expect(css.scrollsSideways)
        #expect(css.items.contains("grid-template-rows: minmax(0, 1fr)"))
        #expect(css.items.contains("grid-auto-columns: 160px") && css.items.contains("height: 200px"))
        #expect(css.items.contains("column-gap: 10px"))
    }
}

/// Wide layouts on the page: carried as `--wide-` custom properties that app.css applies from 700 px.
@Suite struct WideLayoutCSSTests {
    /// Every layout a screen sends, phone and wide.
    static let layouts: [LayoutSection] = [
        ScreenLayouts.leaderboard, ScreenLayouts.wideLeaderboard, ScreenLayouts.followedUsers,
        ScreenLayouts.wideFollowedUsers, ScreenLayouts.swimlane, ScreenLayouts.wideSwimlane,
        ScreenLayouts.logButtons, ScreenLayouts.wideLogButtons, ScreenLayouts.logFavorites,
        ScreenLayouts.wideLogFavorites, ScreenLayouts.userGrid, ScreenLayouts.wideUserGrid, ScreenLayouts.habitList,
        ScreenLayouts.monthGrid, ScreenLayouts.heatmap, ScreenLayouts.banner, ScreenLayouts.chips(background: true),
    ]

    @Test func appCSSAppliesEveryPropertyALayoutMayDeclareFromTheWideMinimum() throws {
        let file = try #require(try WebAssets.bundled.staticFile(named: "app.css"))
        let css = String(decoding: file.bytes, as: UTF8.self)
        #expect(css.contains("@container (min-width: \(Int(ScreenSection.wideMinimumWidth))px)"))
        for property in LayoutCSS.itemProperties {
            let name = property.hasPrefix("--") ? String(property.dropFirst(2)) : property
            #expect(css.contains("\(property): var(--wide-\(name)) !important"), "app.css lacks \(property)")
        }
        for layout in Self.layouts {
            let declared = Set(LayoutCSS(layout).declaredProperties)
            let unknown = declared.subtracting(LayoutCSS.itemProperties)
            #expect(unknown.isEmpty, "app.css has no wide rule for \(unknown)")
        }
    }

    @Test func aSectionWithAWideLayoutCarriesBothOnItsItems() throws {
        let renderer = try WebRenderTests.renderer()
        let section = ScreenSection(
            id: "leaderboard", layout: ScreenLayouts.leaderboard, wideLayout: ScreenLayouts.wideLeaderboard, items: [])
        let html = renderer.section(section)
        #expect(html.contains(#"class="items has-wide""#))
        #expect(html.contains("grid-auto-flow: column"))  // the phone's trios, sideways
        #expect(html.contains("--wide-grid-template-columns: repeat(3, minmax(0, 1fr))"))
        #expect(html.contains("--wide-grid-auto-rows: 110px"))
        let phoneOnly = renderer.section(ScreenSection(id: "s", layout: ScreenLayouts.habitList, items: []))
        #expect(phoneOnly.contains(#"class="items""#) && !phoneOnly.contains("--wide-"))
    }
}
