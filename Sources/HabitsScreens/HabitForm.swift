import HabitsDomain

/// The fields of the habit editor, filled from the habit being edited (or empty for a new one), named as
/// `POST /v1/habits` and `PATCH /v1/habits/{id}` read them.
struct HabitForm {
    /// The habit being edited; nil for a new one.
    var habit: Habit?
    var categories: [Category]
    /// The viewer's locale: the weekdays start on its first day.
    var locale: String

    static let scheduleKinds = [
        FormField.Option(value: "daily", label: "Every day"),
        FormField.Option(value: "weekdays", label: "On some days of the week"),
        FormField.Option(value: "weekly", label: "Some days each week"),
    ]

    /// - Complexity: O(c) for c categories.
    var fields: [FormField] {
        let schedule = habit?.schedule ?? .daily
        let isEdit = habit != nil
        return [
            FormField(
                name: "name", label: "Name", kind: .text, value: habit?.name ?? "", required: true,
                maximumLength: ResourceRules.nameLengths.upperBound, placeholder: "Drink water"),
            FormField(
                name: "emoji", label: "Emoji", kind: .text, value: habit?.emoji ?? "", clearable: isEdit,
                maximumLength: 16, placeholder: "💧"),
            FormField(
                name: "categoryID", label: "Category", kind: .choice,
                value: (habit?.categoryID ?? categories.first?.id).map(String.init) ?? "",
                options: categories.map { FormField.Option(value: String($0.id), label: $0.name) }, required: true,
                integer: true),
            FormField(
                name: "schedule.kind", label: "When", kind: .choice, value: Self.kindValue(schedule.kind),
                options: Self.scheduleKinds, required: true),
            FormField(
                name: "schedule.weekdays", label: "Days", kind: .toggles, value: Self.weekdaysValue(schedule.kind),
                options: weekdayOptions, shownWhen: FormField.Condition(field: "schedule.kind", values: ["weekdays"])),
            FormField(
                name: "schedule.timesPerWeek", label: "Days a week", kind: .number,
                value: Self.timesPerWeekValue(schedule.kind), required: true, minimum: 1, maximum: 7,
                shownWhen: FormField.Condition(field: "schedule.kind", values: ["weekly"])),
            FormField(
                name: "schedule.timesPerDay", label: "Times a day", kind: .number, value: String(schedule.timesPerDay),
                required: true, minimum: 1, maximum: HabitSchedule.maximumTimesPerDay),
            FormField(
                name: "reminder", label: "Reminder", kind: .time, value: habit?.reminder?.description ?? "",
                clearable: isEdit),
        ]
    }

    /// Monday to Sunday, or Sunday to Saturday: as the viewer's calendar starts its weeks.
    var weekdayOptions: [FormField.Option] {
        Weekday.week(startingOn: LocaleWeeks.firstWeekday(of: locale)).map {
            FormField.Option(value: $0.rawValue, label: Self.weekdayNames[$0.number - 1])
        }
    }

    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    static func kindValue(_ kind: HabitSchedule.Kind) -> String {
        switch kind {
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekly: "weekly"
        }
    }

    static func weekdaysValue(_ kind: HabitSchedule.Kind) -> String {
        guard case .weekdays(let days) = kind else { return "mon,wed,fri" }
        return days.sorted().map(\.rawValue).joined(separator: ",")
    }

    static func timesPerWeekValue(_ kind: HabitSchedule.Kind) -> String {
        guard case .weekly(let times) = kind else { return "3" }
        return String(times)
    }

    /// A schedule in a few words: "Every day", "Mon, Wed, Fri", "3 days a week", with " · 8 times a day".
    static func summary(_ schedule: HabitSchedule, locale: String) -> String {
        let days: String
        switch schedule.kind {
        case .daily: days = "Every day"
        case .weekdays(let set):
            // In the order of the viewer's week.
            days = Weekday.week(startingOn: LocaleWeeks.firstWeekday(of: locale)).filter(set.contains)
                .map { weekdayNames[$0.number - 1] }.joined(separator: ", ")
        case .weekly(let times): days = times == 1 ? "1 day a week" : "\(times) days a week"
        }
        return schedule.timesPerDay > 1 ? "\(days) · \(schedule.timesPerDay) times a day" : days
    }
}
