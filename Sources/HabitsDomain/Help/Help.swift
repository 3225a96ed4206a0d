import Foundation

/// A topic of the help screen's questions, shown as a filter chip.
public struct HelpTag: Codable, Hashable, Sendable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// A question of the help screen: a frequently asked one with its answer, or one a user sent.
///
/// Everyone sees the answered questions; a question a user sent is listed for its author from the moment
/// it is sent, answered or not.
public struct Question: Codable, Hashable, Sendable {
    public var id: Int64
    public var question: String
    /// nil until someone answers.
    public var answer: String?
    /// The tags it is listed under, in id order.
    public var tagIDs: [Int64]
    /// The user who sent it; nil for a question the help desk wrote.
    public var authorID: Int64?
    public var createdAt: Date

    public init(
        id: Int64, question: String, answer: String?, tagIDs: [Int64], authorID: Int64?, createdAt: Date
    ) {
        self.id = id
        self.question = question
        self.answer = answer
        self.tagIDs = tagIDs
        self.authorID = authorID
        self.createdAt = createdAt
    }

    /// Whether everyone may see it: it has an answer.
    public var isPublic: Bool { answer != nil }
}
