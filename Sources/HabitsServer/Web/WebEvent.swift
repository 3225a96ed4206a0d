import Foundation
import HabitsDomain
import HabitsScreens

/// The web client's form of screen events: the API's events with HTML rendered on the server, so
/// that the page's script only places fragments.
enum WebEvent {
    /// `document`: the sections' HTML; `changes`: the changeset with the HTML of every inserted or
    /// updated item (by id) and of every inserted or reloaded section (without items).
    static func encode(_ event: ScreenEvent, renderer: ScreenHTMLRenderer) throws -> [UInt8] {
        switch event {
        case .document(let document):
            return try ServerSentEvent.frame("document", id: document.revision, documentPayload(document, renderer))
        case .changes(let changeset):
            return try ServerSentEvent.frame("changes", id: changeset.revision, changesPayload(changeset, renderer))
        case .gone:
            // The same as the API's: an error body.
            return try ServerSentEvent.encode(event)
        }
    }

    /// A document or changes event alone, as JSON with its `event` named (a transition's answer).
    static func payload(_ event: ScreenEvent, renderer: ScreenHTMLRenderer) throws -> [UInt8] {
        let encoder = JSONEncoder()
        switch event {
        case .document(let document):
            return Array(try encoder.encode(Named(event: "document", data: documentPayload(document, renderer))))
        case .changes(let changeset):
            return Array(try encoder.encode(Named(event: "changes", data: changesPayload(changeset, renderer))))
        case .gone(let error):
            throw error
        }
    }

    static func documentPayload(_ document: ScreenDocument, _ renderer: ScreenHTMLRenderer) -> DocumentPayload {
        DocumentPayload(revision: document.revision, title: document.title, html: renderer.sections(of: document))
    }

    static func changesPayload(_ changeset: ScreenChangeset, _ renderer: ScreenHTMLRenderer) -> ChangesPayload {
        var items: [String: String] = [:]
        var sections: [String: String] = [:]
        for stage in changeset.stages {
            for value in stage.itemInserts + stage.itemUpdates {
                items[value.value.id] = renderer.item(value.value)
            }
            for value in stage.sectionInserts + stage.sectionReloads {
                sections[value.section.id] = renderer.section(value.section, withItems: false)
            }
        }
        return ChangesPayload(changeset: changeset, items: items, sections: sections)
    }

    struct Named<Payload: Encodable>: Encodable {
        var event: String
        var data: Payload
    }

    struct DocumentPayload: Encodable {
        var revision: String
        var title: String
        var html: String
    }

    struct ChangesPayload: Encodable {
        var changeset: ScreenChangeset
        var items: [String: String]
        var sections: [String: String]
    }
}
