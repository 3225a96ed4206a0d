import Foundation
import HabitsDomain

/// The `/v1` help: help tags and the questions filed under them.
///
/// Like `ResourceStore`, every write is one transaction that bumps the revision and reports what it
/// changed; values arrive checked with `HelpRules`, and the store checks references (`notFound`) and
/// uniqueness (`conflict`).
public protocol HelpStore: Sendable {
    /// Creates a help tag and returns it with its new id.
    func createHelpTag(_ tag: HelpTag) async throws -> HelpTag
    /// Help tags in id order.
    func helpTags(page: PageRequest) async throws -> Page<HelpTag>
    /// Reads the tag, applies `change` and stores the result, all in one transaction.
    func updateHelpTag(
        id: Int64, _ change: @escaping @Sendable (HelpTag) throws -> HelpTag
    ) async throws -> HelpTag
    /// Deletes a tag and takes it off every question.
    func deleteHelpTag(id: Int64) async throws

    /// Creates a question (its `id` is ignored) and returns it with its new id.
    func createQuestion(_ question: Question) async throws -> Question
    /// The question with this id.
    func question(id: Int64) async throws -> Question
    /// Questions in id order: every one when `viewerID` is nil, else the answered ones and the viewer's
    /// own; only those under `tagID` when it is given.
    func questions(viewerID: Int64?, tagID: Int64?, page: PageRequest) async throws -> Page<Question>
    /// Reads the question, applies `change` and stores the result, all in one transaction; its id, author
    /// and `createdAt` stay.
    func updateQuestion(
        id: Int64, _ change: @escaping @Sendable (Question) throws -> Question
    ) async throws -> Question
    /// Deletes a question.
    func deleteQuestion(id: Int64) async throws
}
