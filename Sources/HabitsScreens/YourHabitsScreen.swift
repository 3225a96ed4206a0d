import CompositionalLayout
import HabitsDomain
import HabitsStore

extension ScreenName {
    /// The viewer's own habits: the editor to add or change one, then the list to open, reorder or archive.
    public static let yourHabits = ScreenName(declared: "yourHabits")
}

/// Your Habits: a form to add a habit of one's own (or, with `?habit=`, to edit it), the viewer's habits in
/// their order with Move Up / Move Down / Archive, and the archived ones to restore. The form is items like
/// any other: `formField`s and a `formSubmit` whose request the client fills from them.
public enum YourHabitsScreen: Screen {
    public static let name = ScreenName.yourHabits
    public static let payloads: [any ItemPayload.Type] = [
        FormField.self, FormSubmit.self, OwnHabitRow.self, EmptyState.self,
    ]
    public static let title = "Your Habits"
    public static let parent: ScreenName? = .habits
    public static let parameters: Set<ScreenParameter> = [.habit]

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.yourHabits(viewer: viewer, editing: request.habitID, revision: revision)
    }
}

/// `ownHabit`: one of the viewer's own habits, with its schedule in words.
public struct OwnHabitRow: ItemPayload {
    public var habitID: Int64
    public var name: String
    public var emoji: String?
    public var category: String
    public var color: ScreenColor
    /// "Every day", "Mon, Wed, Fri", "3 days a week · 2 times a day".
    public var schedule: String
    /// `HH:MM`, when its calendar reminds the viewer of it.
    public var reminder: String?
    public var isArchived: Bool
    /// Whether the form above edits this one.
    public var isEditing: Bool

    public init(
        habitID: Int64, name: String, emoji: String?, category: String, color: ScreenColor, schedule: String,
        reminder: String?, isArchived: Bool, isEditing: Bool
    ) {
        self.habitID = habitID
        self.name = name
        self.emoji = emoji
        self.category = category
        self.color = color
        self.schedule = schedule
        self.reminder = reminder
        self.isArchived = isArchived
        self.isEditing = isEditing
    }
}

extension OwnHabitRow {
    public static let type = "ownHabit"
    public var heapBytes: Int { heapSum(name, emoji, category, schedule, reminder) }
}

extension ScreenBuilder {
    /// - Complexity: O(h log h + c) for h habits and c categories.
    func yourHabits(viewer: User, editing habitID: Int64?, revision: String) async throws -> ScreenDocument {
        let own = try await source.ownHabits(ownerID: viewer.id)
        let categories = try await source.categories()
        let categoryByID = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Only a habit of one's own is edited here; any other id starts a new one.
        let edited = habitID.flatMap { id in own.first { $0.id == id && !$0.isArchived } }
        let form = HabitForm(habit: edited, categories: categories, locale: viewer.locale)
        var formItems = form.fields.map { field in
            ScreenItem(
                id: "field-\(field.name)", content: ItemContent(field), fallback: ItemFallback(title: field.label))
        }
        formItems.append(submitItem(viewer: viewer, editing: edited))
        let active = own.filter { !$0.isArchived }
        let archived = own.filter(\.isArchived)
        func row(_ habit: Habit, index: Int) -> ScreenItem {
            let category = categoryByID[habit.categoryID]
            let content = OwnHabitRow(
                habitID: habit.id, name: habit.name, emoji: habit.emoji, category: category?.name ?? "",
                color: (category?.color ?? Self.missingCategoryColor).screenColor,
                schedule: HabitForm.summary(habit.schedule, locale: viewer.locale),
                reminder: habit.reminder?.description, isArchived: habit.isArchived, isEditing: habit.id == edited?.id)
            return ScreenItem(
                id: "own-\(habit.id)", content: ItemContent(content),
                fallback: ItemFallback(title: habit.name, subtitle: content.schedule),
                actions: rowActions(habit, index: index, order: active.map(\.id), viewer: viewer))
        }
        var habitItems = active.enumerated().map { row($1, index: $0) }
        if habitItems.isEmpty {
            let empty = EmptyState(
                title: "No habits of your own yet",
                message: "Add one above: a name, when you mean to do it, and a reminder if you like.")
            habitItems = [
                ScreenItem(
                    id: "no-own-habits", content: ItemContent(empty),
                    fallback: ItemFallback(title: empty.title, subtitle: empty.message))
            ]
        }
        var sections = [
            ScreenSection(
                id: "form", layout: ScreenLayouts.formFields,
                wideLayout: ScreenLayouts.wideFormFields,
                header: SectionBoundary(title: edited.map { "Edit \($0.name)" } ?? "Add a Habit"), items: formItems),
            ScreenSection(
                id: "own", layout: active.isEmpty ? ScreenLayouts.formFields : ScreenLayouts.ownHabits,
                wideLayout: active.isEmpty ? nil : ScreenLayouts.wideOwnHabits,
                header: SectionBoundary(title: "Your Habits"), items: habitItems),
        ]
        if !archived.isEmpty {
            sections.append(
                ScreenSection(
                    id: "archived", layout: ScreenLayouts.ownHabits, wideLayout: ScreenLayouts.wideOwnHabits,
                    header: SectionBoundary(title: "Archived"),
                    items: archived.map { row($0, index: 0) }))
        }
        return ScreenDocument(screen: .yourHabits, title: "Your Habits", revision: revision, sections: sections)
    }

    /// Add or Save: `POST /v1/habits` with the viewer as owner, or `PATCH` the habit edited.
    func submitItem(viewer: User, editing habit: Habit?) -> ScreenItem {
        guard let habit else {
            let submit = FormSubmit(title: "Add Habit", done: "Habit added.")
            return ScreenItem(
                id: "submit", content: ItemContent(submit), fallback: ItemFallback(title: submit.title),
                actions: [
                    .request(
                        .activate, title: "Add Habit", method: "POST", path: Routes.habits.path(),
                        body: ["ownerID": .integer(viewer.id), "visibility": .string("personal")])
                ])
        }
        let submit = FormSubmit(
            title: "Save Changes", done: "Changes saved.", next: ScreenLinkContent(screen: .yourHabits))
        return ScreenItem(
            id: "submit", content: ItemContent(submit), fallback: ItemFallback(title: submit.title),
            actions: [
                .request(.activate, title: "Save Changes", method: "PATCH", path: Routes.habit.path(habit.id)),
                .open(.menu, title: "Cancel", screen: .yourHabits),
            ])
    }

    /// Edit (the form above), Move Up / Move Down (a new order for the whole list), Archive; Restore for an
    /// archived one.
    func rowActions(_ habit: Habit, index: Int, order: [Int64], viewer: User) -> [ItemAction] {
        guard !habit.isArchived else {
            return [.request(.activate, title: "Restore", method: "POST", path: Routes.habitRestore.path(habit.id))]
        }
        var actions: [ItemAction] = [
            .open(title: "Edit \(habit.name)", screen: .yourHabits, parameters: ["habit": String(habit.id)])
        ]
        let path = Routes.habitOrder.path(viewer.id)
        func moved(to target: Int) -> [String: ActionValue] {
            var ids = order
            ids.swapAt(index, target)
            return ["habitIDs": .integers(ids)]
        }
        if index > 0 {
            actions.append(.request(.menu, title: "Move Up", method: "PUT", path: path, body: moved(to: index - 1)))
        }
        if index < order.count - 1 {
            actions.append(.request(.menu, title: "Move Down", method: "PUT", path: path, body: moved(to: index + 1)))
        }
        actions.append(.request(.menu, title: "Archive", method: "POST", path: Routes.habitArchive.path(habit.id)))
        return actions
    }
}

extension ScreenLayouts {
    /// The editor's fields: full-width rows sized to their content (a label above its input).
    static let formFields: LayoutSection = {
        var section = block(estimatedHeight: 64, insets: EdgeInsets(top: 8, leading: 16, bottom: 16, trailing: 16))
        section.interGroupSpacing = 8
        section.boundarySupplementaryItems = [header(height: 44)]
        return section
    }()

    /// One's own habits: rows of 56 points under a header.
    static let ownHabits = rows(
        height: 56, sectionInsets: EdgeInsets(top: 0, leading: 10, bottom: 16, trailing: 10),
        header: header(height: 44))

    /// The editor's fields on a wide window: two to a row.
    static let wideFormFields = columns(2, height: .estimated(64), spacing: 8, from: formFields)

    /// One's own habits on a wide window: two to a row.
    static let wideOwnHabits = columns(2, height: .absolute(56), spacing: 10, from: ownHabits)
}
