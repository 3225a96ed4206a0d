import HabitsScreens
import Mustache

// What Help's templates read, by name (see TemplateFields.swift); the emoji picker's chips too.

extension FilterChip: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "isSelected": isSelected
        default: nil
        }
    }
}

extension QuestionContent: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "questionID": questionID
        case "question": question
        case "answer": answer
        case "status": status
        case "tags": tags
        case "isYours": isYours
        default: nil
        }
    }
}

extension ContactGuide: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "subtitle": subtitle
        case "buttonTitle": buttonTitle
        case "field": field
        case "placeholder": placeholder
        case "minimumLength": minimumLength
        case "maximumLength": maximumLength
        default: nil
        }
    }
}
