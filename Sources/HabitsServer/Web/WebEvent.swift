import Foundation
import HabitsDomain
import HabitsScreens

/// The web client's form of screen events: the API's events with HTML rendered on the server, so
/// that the page's script only places fragments.
enum WebEvent {
    /// `document`: the sections' HTML; `changes`: the changeset with the HTML of every inserted or
    /// updated item (by id) and of every inserted or reloaded section (without items).
    static func encode(_ event: ScreenEvent, renderer: ScreenHTMLRenderer) throws -> [UInt8] {
        let encoder = HabitsJSON.encoder()
        var text: String
        switch event {
        case .document(let document):
            let payload = DocumentPayload(
                revision: document.revision, title: document.title, html: renderer.sections(of: document))
            text = "event: document\nid: \(document.revision)\ndata: "
            text += String(decoding: try encoder.encode(payload), as: UTF8.self)
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
            text = "event: changes\nid: \(changeset.revision)\ndata: "
            text += String(decoding: try encoder.encode(payload), as: UTF8.self)
        case .gone(let error):
            text = "event: gone\ndata: "
            text += String(decoding: try encoder.encode(APIErrorBody(error)), as: UTF8.self)
        }
        return Array((text + "\n\n").utf8)
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
