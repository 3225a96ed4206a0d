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
            let payload = DocumentPayload(
                revision: document.revision, title: document.title, html: renderer.sections(of: document))
            return try ServerSentEvent.frame("document", id: document.revision, payload)
        case .changes(let changeset):
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
            let payload = ChangesPayload(changeset: changeset, items: items, sections: sections)
            return try ServerSentEvent.frame("changes", id: changeset.revision, payload)
        case .gone:
            // The same as the API's: an error body.
            return try ServerSentEvent.encode(event)
        }
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
