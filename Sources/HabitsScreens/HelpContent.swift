/// `filterChip`: a choice that shows the same screen filtered or arranged another way (a help tag, List
/// or Grid); its `open` action names the parameters.
public struct FilterChip: ItemPayload {
    public var title: String
    public var isSelected: Bool

    public init(title: String, isSelected: Bool) {
        self.title = title
        self.isSelected = isSelected
    }
}

/// `question`: a help question that expands to show its answer.
///
/// Whether it is expanded is the viewer's own: the client keeps it, so a live update never closes an
/// open answer.
public struct QuestionContent: ItemPayload {
    public var questionID: Int64
    public var question: String
    /// nil while a sent question waits for an answer.
    public var answer: String?
    /// "Answered", or "Waiting for an answer" for a question the viewer sent.
    public var status: String
    /// The names of its tags, by name.
    public var tags: [String]
    /// Whether the viewer sent it.
    public var isYours: Bool

    public init(questionID: Int64, question: String, answer: String?, status: String, tags: [String], isYours: Bool) {
        self.questionID = questionID
        self.question = question
        self.answer = answer
        self.status = status
        self.tags = tags
        self.isYours = isYours
    }
}

/// `contactGuide`: the help screen's last item, which opens a form to send a question.
///
/// Its `activate` action is the request that sends it; the client adds the text the viewer wrote as
/// the body's `field`, within the lengths given, and shows the server's message when it refuses.
public struct ContactGuide: ItemPayload {
    public var title: String
    public var subtitle: String
    public var buttonTitle: String
    /// The body field the text goes into.
    public var field: String
    public var placeholder: String
    public var minimumLength: Int
    public var maximumLength: Int

    public init(
        title: String, subtitle: String, buttonTitle: String, field: String, placeholder: String,
        minimumLength: Int, maximumLength: Int
    ) {
        self.title = title
        self.subtitle = subtitle
        self.buttonTitle = buttonTitle
        self.field = field
        self.placeholder = placeholder
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
    }
}

extension FilterChip {
    public static let type = "filterChip"
    public var heapBytes: Int { heapSum(title) }
}

extension QuestionContent {
    public static let type = "question"
    public var heapBytes: Int {
        heapSum(question, answer, status) + tags.reduce(32) { $0 + 16 + HabitsScreens.heapBytes($1) }
    }
}

extension ContactGuide {
    public static let type = "contactGuide"
    public var heapBytes: Int { heapSum(title, subtitle, buttonTitle, field, placeholder) }
}
