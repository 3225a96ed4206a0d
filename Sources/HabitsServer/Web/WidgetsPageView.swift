import Foundation
import HabitsDomain

/// What "Widgets" shows: the habit and theme previewed, each family's preview, the addresses made, and a
/// new address once.
struct WidgetsPageView: Sendable {
    struct HabitOption: Sendable {
        var id: Int64
        var name: String
        var selected: Bool
    }

    struct ThemeOption: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// One family's preview and the form that makes an address of it.
    struct FamilyPreview: Sendable {
        var family: String
        var title: String
        var summary: String
        var src: String
        var width: Int
        var height: Int
        var habitID: Int64?
        var theme: String
    }

    struct AddressRow: Sendable {
        var id: Int64
        var family: String
        var habitName: String
        var theme: String
        var created: String

        init(_ address: WidgetAddress, habitName: String?) {
            id = address.id
            family = address.family.rawValue
            self.habitName = address.family.showsOneHabit ? habitName ?? "a habit" : "Today's favourites"
            theme = (address.style.theme ?? .light).rawValue
            created = AccountPageView.day(address.createdAt)
        }
    }

    /// A new address, shown this once, with what to paste where.
    struct NewAddress: Sendable {
        var url: String
        var documentURL: String
        var markdown: String
        var html: String

        init(_ created: WidgetController.CreatedWidget, family: WidgetFamily) {
            url = created.url
            documentURL = created.documentURL
            let alt = family == .medium ? "My habits today" : "My streak"
            markdown = "![\(alt)](\(created.url))"
            html = #"<img src="\#(created.url)" alt="\#(alt)" width="\#(family.defaultWidth)" "#
                + #"height="\#(family.defaultHeight)">"#
        }
    }

    var title = "Widgets"
    var notice: String?
    var error: String?
    var habits: [HabitOption]
    var hasHabits: Bool
    var themes: [ThemeOption]
    var previews: [FamilyPreview]
    var addresses: [AddressRow]
    var created: NewAddress?

    init(habits: [HabitOption], selected: Habit?, theme: WidgetStyle.Theme, addresses: [AddressRow]) {
        self.habits = habits
        hasHabits = !habits.isEmpty
        self.addresses = addresses
        themes = WidgetStyle.Theme.allCases.map { option in
            ThemeOption(
                value: option.rawValue, label: option == .highContrast ? "High contrast" : option.rawValue.capitalized,
                selected: option == theme)
        }
        previews = WidgetFamily.allCases.compactMap { family in
            let habitID = family.showsOneHabit ? selected?.id : nil
            if family.showsOneHabit, habitID == nil { return nil }
            var query = "theme=\(theme.rawValue)"
            if let habitID { query = "habit=\(habitID)&" + query }
            let (title, summary): (String, String) =
                switch family {
                case .small: ("Small", "One habit: today and the current streak.")
                case .medium: ("Medium", "Your favourites today, up to four.")
                case .large: ("Large", "One habit's month, with its streak.")
                case .card: ("Card", "Total days, the current streak and the longest, with their dates.")
                }
            return FamilyPreview(
                family: family.rawValue, title: title, summary: summary,
                src: Routes.accountWidgetPreview.path("\(family.rawValue).svg") + "?" + query,
                width: family.defaultWidth, height: family.defaultHeight, habitID: habitID, theme: theme.rawValue)
        }
    }
}
