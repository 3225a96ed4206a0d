import HabitsScreens
import Mustache

// What the emoji picker's templates read, by name (see TemplateFields.swift).

extension SearchField: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "parameter": parameter
        case "query": query
        case "placeholder": placeholder
        case "kept": kept.sorted { $0.key < $1.key }.map { KeptParameter(name: $0.key, value: $0.value) }
        default: nil
        }
    }
}

/// A parameter a search form sends unchanged.
struct KeptParameter: MustacheParent {
    var name: String
    var value: String

    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "value": value
        default: nil
        }
    }
}

extension EmojiGroupContent: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "count": count
        case "isExpanded": isExpanded
        default: nil
        }
    }
}

extension EmojiChoice: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "emoji": emoji
        case "name": self.name
        case "isCurrent": isCurrent
        default: nil
        }
    }
}
