import HabitsDomain
import HabitsStore

extension ScreenName {
    /// Questions and answers by tag, and the form to ask one.
    public static let help = ScreenName(declared: "help")
}

/// Help (`?tag=`).
public enum HelpScreen: Screen {
    public static let name = ScreenName.help
    public static let payloads: [any ItemPayload.Type] = [FilterChip.self, QuestionContent.self, ContactGuide.self]
    public static let title = "Help"
    public static let tab: ScreenTab? = ScreenTab(title: "Help", icon: "?", order: 7)
    public static let parameters: Set<ScreenParameter> = [.tag]

    public static func build<Source: ScreenSource>(
        _ request: ScreenRequest, viewer: User, with builder: ScreenBuilder<Source>, revision: String
    ) async throws -> ScreenDocument {
        try await builder.help(viewer: viewer, tagID: request.tagID, revision: revision)
    }
}

extension ScreenBuilder {
    /// Help: the tags as filter chips ("All" first), the questions the viewer may see under the chosen tag,
    /// then the contact guide that sends a new question.
    func help(viewer: User, tagID: Int64?, revision: String) async throws -> ScreenDocument {
        let tags = try await source.helpTags()
        if let tagID, !tags.contains(where: { $0.id == tagID }) { throw ScreenError.unknownTag(String(tagID)) }
        var chips = [helpChip(title: "All", id: "tag-all", tagID: nil, selected: tagID)]
        chips += tags.map { helpChip(title: $0.name, id: "tag-\($0.id)", tagID: $0.id, selected: tagID) }
        var tagNames: [Int64: String] = [:]
        for tag in tags { tagNames[tag.id] = tag.name }
        let questions = try await source.questions(viewerID: viewer.id, tagID: tagID).map { question in
            let content = QuestionContent(
                questionID: question.id, question: question.question, answer: question.answer,
                status: question.answer == nil ? "Waiting for an answer" : "Answered",
                tags: question.tagIDs.compactMap { tagNames[$0] }.sorted(), isYours: question.authorID == viewer.id)
            return ScreenItem(
                id: "question-\(question.id)", content: ItemContent(content),
                fallback: ItemFallback(title: question.question, subtitle: question.answer ?? content.status))
        }
        let guide = ContactGuide(
            title: "Didn't find an answer?", subtitle: "Send us your question. We'll answer it here.",
            buttonTitle: "Ask a Question", field: "question", placeholder: "Your question",
            minimumLength: 1, maximumLength: 2000)
        let send = ItemAction.request(
            .activate, title: "Send Question", method: "POST", path: Routes.helpQuestions.path(),
            body: ["authorID": .integer(viewer.id)])
        let sections = [
            ScreenSection(id: "tags", layout: ScreenLayouts.chips(background: true), items: chips),
            ScreenSection(id: "questions", layout: ScreenLayouts.questions, items: questions),
            ScreenSection(
                id: "contact", layout: ScreenLayouts.contactGuide,
                items: [
                    ScreenItem(
                        id: "contact", content: ItemContent(guide),
                        fallback: ItemFallback(title: guide.title, subtitle: guide.subtitle), actions: [send])
                ]),
        ]
        return ScreenDocument(screen: .help, title: "Help", revision: revision, sections: sections)
    }

    /// A tag chip: choosing it shows Help filtered by its tag (or unfiltered, for "All").
    private func helpChip(title: String, id: String, tagID: Int64?, selected: Int64?) -> ScreenItem {
        let isSelected = tagID == selected
        return ScreenItem(
            id: id, content: ItemContent(FilterChip(title: title, isSelected: isSelected)),
            fallback: ItemFallback(title: title, subtitle: isSelected ? "Selected" : nil),
            actions: isSelected
                ? [] : [.open(title: title, screen: .help, parameters: tagID.map { ["tag": String($0)] } ?? [:])])
    }
}
