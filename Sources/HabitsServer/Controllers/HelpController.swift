import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/help/tags…` and `/v1/help/questions…`: the help screen's topics, its answered questions and the
/// questions users send from the contact form.
struct HelpController: Sendable {
    let store: any HelpStore
    let clock: @Sendable () -> Date

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.helpTags.routerPath, use: listTags)
        router.post(Routes.helpTags.routerPath, use: createTag)
        router.patch(Routes.helpTag.routerPath, use: updateTag)
        router.delete(Routes.helpTag.routerPath, use: deleteTag)
        router.get(Routes.helpQuestions.routerPath, use: listQuestions)
        router.post(Routes.helpQuestions.routerPath, use: createQuestion)
        router.get(Routes.helpQuestion.routerPath, use: getQuestion)
        router.patch(Routes.helpQuestion.routerPath, use: updateQuestion)
        router.delete(Routes.helpQuestion.routerPath, use: deleteQuestion)
    }

    // MARK: Tags

    @Sendable func listTags(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<
        Page<HelpTag>
    > {
        JSON(try await store.helpTags(page: try RequestInput.page(request)))
    }

    @Sendable func createTag(_ request: Request, context: HabitsRequestContext) async throws -> JSON<HelpTag> {
        let draft = try await RequestBody.decode(HelpTagDraft.self, from: request)
        let created = try await createTag(named: draft.name)
        return .created(created, location: Routes.helpTag.path(created.id))
    }

    /// Makes a tag, held to `HelpRules`: what `POST /v1/help/tags` and the administrators' page both do.
    func createTag(named name: String) async throws -> HelpTag {
        try await store.createHelpTag(try HelpRules.checked(HelpTag(id: 0, name: name)))
    }

    /// Renames a tag, held to `HelpRules`.
    func renameTag(id: Int64, to name: String) async throws -> HelpTag {
        let name = try HelpRules.checked(HelpTag(id: id, name: name)).name
        return try await store.updateHelpTag(id: id) { HelpTag(id: $0.id, name: name) }
    }

    @Sendable func updateTag(_ request: Request, context: HabitsRequestContext) async throws -> JSON<HelpTag> {
        let id = try RequestInput.id("tagID", context)
        let draft = try await RequestBody.decode(HelpTagDraft.self, from: request)
        return JSON(try await renameTag(id: id, to: draft.name))
    }

    @Sendable func deleteTag(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.deleteHelpTag(id: try RequestInput.id("tagID", context))
        return NoContent()
    }

    // MARK: Questions

    @Sendable func listQuestions(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Page<Question>> {
        var viewerID = try RequestInput.optionalID("viewer", request)
        let tagID = try RequestInput.optionalID("tag", request)
        if !context.isAdministrator {
            // A member sees the answered questions and their own: never someone else's contact form.
            let identity = try context.signedInIdentity()
            if let viewerID, viewerID != identity.userID { throw AccessRefusal.actingAsSomeoneElse(identity) }
            viewerID = identity.userID
        }
        var page = try await store.questions(viewerID: viewerID, tagID: tagID, page: try RequestInput.page(request))
        page.items = page.items.map { Self.shown($0, to: context) }
        return JSON(page)
    }

    @Sendable func createQuestion(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Question> {
        let draft = try await RequestBody.decode(QuestionDraft.self, from: request)
        if !context.isAdministrator {
            // A member asks as themselves; the help desk (administrators) writes answers and its own questions.
            guard let author = draft.authorID else {
                throw HabitsError.forbidden(reason: "Only administrators add questions without an author.")
            }
            try context.requireActing(as: author)
            guard draft.answer == nil else {
                throw HabitsError.forbidden(reason: "Only administrators answer questions.")
            }
        }
        let question = try draft.resource(createdAt: clock())
        let created = try await Self.referencesMustExist { try await store.createQuestion(question) }
        return .created(created, location: "/v1/help/questions/\(created.id)")
    }

    @Sendable func getQuestion(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Question> {
        let id = try RequestInput.id("questionID", context)
        let question = try await store.question(id: id)
        // Someone else's unanswered question is theirs and the help desk's alone.
        if !context.isAdministrator, question.answer == nil,
            question.authorID != (try context.signedInIdentity().userID)
        {
            throw HabitsError.notFound(kind: .question, id: String(id))
        }
        return JSON(Self.shown(question, to: context))
    }

    /// A question as the asker may see it: who sent someone else's question is the help desk's to know
    /// (an author may be private, and a member has no use for another member's id).
    static func shown(_ question: Question, to context: HabitsRequestContext) -> Question {
        guard !context.isAdministrator, let author = question.authorID else { return question }
        if case .signedIn(let identity) = context.access, identity.userID == author { return question }
        var shown = question
        shown.authorID = nil
        return shown
    }

    @Sendable func updateQuestion(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Question> {
        let id = try RequestInput.id("questionID", context)
        return JSON(try await update(id: id, try await RequestBody.decode(QuestionPatch.self, from: request)))
    }

    /// Applies `patch` to question `id`, checked by `HelpRules`: `/v1` and the administrators' page alike.
    func update(id: Int64, _ patch: QuestionPatch) async throws -> Question {
        try await Self.referencesMustExist { try await store.updateQuestion(id: id) { try patch.applied(to: $0) } }
    }

    @Sendable func deleteQuestion(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.deleteQuestion(id: try RequestInput.id("questionID", context))
        return NoContent()
    }

    /// An unknown tag or author named in a body is an invalid field (422), not a missing target (404).
    static func referencesMustExist<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch HabitsError.notFound(kind: .tag, let id) {
            throw HabitsError.invalid(field: "tagIDs", reason: "no help tag has id \(id).")
        } catch HabitsError.notFound(kind: .user, let id) {
            throw HabitsError.invalid(field: "authorID", reason: "no user has id \(id).")
        }
    }
}
