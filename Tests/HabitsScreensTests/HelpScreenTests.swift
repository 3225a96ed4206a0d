import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Help for a fixed world: three tags, answered questions, and questions users sent.
@Suite struct HelpScreenTests {
    static func world() -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex")
        world.addUser(2, "Bo")
        world.tagList = [
            HelpTag(id: 1, name: "Streaks"), HelpTag(id: 2, name: "Account"),
            HelpTag(id: 3, name: "기록"),
        ]
        func question(_ id: Int64, _ text: String, answer: String?, tags: [Int64], author: Int64? = nil)
            -> Question
        {
            Question(
                id: id, question: text, answer: answer, tagIDs: tags, authorID: author,
                createdAt: Date(timeIntervalSince1970: Double(id)))
        }
        world.questionList = [
            question(1, "What is a streak?", answer: "Days in a row.", tags: [1]),
            question(2, "How do I change my name?", answer: "Open your profile.", tags: [2, 1]),
            question(3, "기록은 어떻게 지우나요? 🗑️", answer: "달력에서 날짜를 다시 누르세요.", tags: [3]),
            question(4, "Can I export my logs?", answer: nil, tags: [2], author: 1),
            question(5, "Is there a dark mode?", answer: nil, tags: [], author: 2),
        ]
        return world
    }

    static func document(_ world: WorldSource, tag: Int64? = nil, viewer: Int64 = 1) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .help, viewerID: viewer, tagID: tag), revision: "3")
    }

    @Test func tagsThenQuestionsThenTheContactGuide() async throws {
        let document = try await Self.document(Self.world())
        #expect(document.title == "Help" && document.sections.map(\.id) == ["tags", "questions", "contact"])
        #expect(document.sections[0].items.map(\.id) == ["tag-all", "tag-2", "tag-1", "tag-3"])
        #expect(
            document.sections[0].items.map(\.content) == [
                ItemContent(FilterChip(title: "All", isSelected: true)),
                ItemContent(FilterChip(title: "Account", isSelected: false)),
                ItemContent(FilterChip(title: "Streaks", isSelected: false)),
                ItemContent(FilterChip(title: "기록", isSelected: false)),
            ])
        #expect(document.sections[0].items[0].actions.isEmpty)
        let account = document.sections[0].items[1].actions
        #expect(account.map(\.kind) == [.open] && account[0].screen == .help && account[0].parameters == ["tag": "2"])
        // The viewer's own unanswered question is listed; another user's is not.
        #expect(document.sections[1].items.map(\.id) == ["question-1", "question-2", "question-3", "question-4"])
        #expect(
            document.sections[1].items[1].content
                == ItemContent(
                    QuestionContent(
                        questionID: 2, question: "How do I change my name?", answer: "Open your profile.",
                        status: "Answered", tags: ["Account", "Streaks"], isYours: false)))
        #expect(
            document.sections[1].items[3].content
                == ItemContent(
                    QuestionContent(
                        questionID: 4, question: "Can I export my logs?", answer: nil,
                        status: "Waiting for an answer", tags: ["Account"], isYours: true)))
    }

    @Test func aTagFiltersTheQuestionsAndIsSelected() async throws {
        let document = try await Self.document(Self.world(), tag: 2)
        #expect(document.sections[1].items.map(\.id) == ["question-2", "question-4"])
        let chips = document.sections[0].items
        #expect(chips.filter { $0.content == ItemContent(FilterChip(title: "Account", isSelected: true)) }.count == 1)
        #expect(chips[0].actions.first?.parameters == [:])
        let other = try await Self.document(Self.world(), tag: 2, viewer: 2)
        #expect(other.sections[1].items.map(\.id) == ["question-2"])
        await #expect(throws: ScreenError.unknownTag("9")) { try await Self.document(Self.world(), tag: 9) }
    }

    @Test func theContactGuideSendsTheViewersQuestion() async throws {
        let document = try await Self.document(Self.world())
        let guide = try #require(document.sections[2].items.first)
        guard let content = guide.content.as(ContactGuide.self) else {
            Issue.record("not a contact guide")
            return
        }
        #expect(content.field == "question" && content.minimumLength == 1 && content.maximumLength == 2000)
        #expect(guide.actions.count == 1)
        #expect(guide.actions[0].method == "POST" && guide.actions[0].path == "/v1/help/questions")
        #expect(guide.actions[0].body == ["authorID": .integer(1)])
    }

    @Test func layoutsAreTheBriefs() async throws {
        let document = try await Self.document(Self.world())
        let tags = document.sections[0].layout
        #expect(tags.group.layoutSize.heightDimension == .absolute(36))
        #expect(tags.group.interItemSpacing == .fixed(8) && tags.interGroupSpacing == 8)
        #expect(tags.contentInsets.top == 12 && tags.contentInsets.leading == 16)
        #expect(tags.decorationItems.count == 1)
        if case .item(let chip) = tags.group.subitems.first {
            #expect(chip.layoutSize.widthDimension == .estimated(50))
        }
        #expect(document.sections[1].layout.group.layoutSize.heightDimension == .estimated(48))
        #expect(document.sections[2].layout.group.layoutSize.heightDimension == .absolute(154))
    }
}
