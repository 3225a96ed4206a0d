import HabitsScreens
import Mustache

// The fields the Your Habits templates read: the habit editor's form and one's own habits.

extension FormField: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "label": label
        case "kind": kind.rawValue
        case "value": value
        case "isText": kind == .text
        case "isNumber": kind == .number
        case "isTime": kind == .time
        case "isChoice": kind == .choice
        case "isToggles": kind == .toggles
        case "choices": choices
        case "required": required
        case "clearable": clearable
        case "integer": integer
        case "minimum": minimum
        case "maximum": maximum
        case "maximumLength": maximumLength
        case "placeholder": placeholder
        case "shownWhen": shownWhen.map { FieldCondition(field: $0.field, valueList: $0.values.joined(separator: ",")) }
        default: nil
        }
    }

    /// The options, each marked when the field's value (for toggles, one of its values) is it.
    var choices: [FieldChoice] {
        let chosen = kind == .toggles ? Set(value.split(separator: ",").map(String.init)) : [value]
        return options.map { FieldChoice(value: $0.value, label: $0.label, on: chosen.contains($0.value)) }
    }
}

/// An option as a template draws it.
struct FieldChoice: MustacheParent {
    var value, label: String
    var on: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "on": on
        default: nil
        }
    }
}

/// A field's condition as a template writes it: the values as one comma-separated attribute.
struct FieldCondition: MustacheParent {
    var field, valueList: String

    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "valueList": valueList
        default: nil
        }
    }
}

extension FormSubmit: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "done": done
        case "nextPath": next.map { WebPaths.screen($0.screen, $0.parameters) }
        default: nil
        }
    }
}

extension OwnHabitRow: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "emoji": emoji
        case "color": color
        case "schedule": schedule
        case "reminder": reminder
        case "isEditing": isEditing
        default: nil
        }
    }
}
