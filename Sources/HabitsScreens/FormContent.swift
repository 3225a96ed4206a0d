/// `formField`: one field of a screen's form. A client draws it by `kind` and sends its value under `name`
/// in the body of the screen's `formSubmit` request: a dotted name nests (`schedule.kind` is
/// `{"schedule": {"kind": …}}`), and a field hidden by `shownWhen` is left out.
public struct FormField: ItemPayload {
    /// How a field is drawn and what its value is in the body.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// One line of text: a string.
        case text
        /// A whole number from `minimum` to `maximum`: an integer.
        case number
        /// A time of day, `HH:MM`: a string.
        case time
        /// One of `options`: its value, as an integer when `integer` is set.
        case choice
        /// Any of `options`, each on or off: an array of their values.
        case toggles
    }

    /// One option of a `choice` or `toggles` field.
    public struct Option: Codable, Hashable, Sendable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The field another depends on, and the values of it that show this one.
    public struct Condition: Codable, Hashable, Sendable {
        public var field: String
        public var values: [String]

        public init(field: String, values: [String]) {
            self.field = field
            self.values = values
        }
    }

    public var name: String
    public var label: String
    public var kind: Kind
    /// The value shown at first (for `toggles`, the values on, comma-separated).
    public var value: String
    public var options: [Option]
    /// A value must be given; an empty optional field is left out of the body, or sent as `null` when
    /// `clearable` (an edit that removes a reminder).
    public var required: Bool
    public var clearable: Bool
    /// For `choice`: the value is a number in the body.
    public var integer: Bool
    public var minimum: Int?
    public var maximum: Int?
    /// For `text`: the most characters it takes.
    public var maximumLength: Int?
    public var placeholder: String?
    /// Shown only while another field has one of these values.
    public var shownWhen: Condition?

    public init(
        name: String, label: String, kind: Kind, value: String = "", options: [Option] = [], required: Bool = false,
        clearable: Bool = false, integer: Bool = false, minimum: Int? = nil, maximum: Int? = nil,
        maximumLength: Int? = nil, placeholder: String? = nil, shownWhen: Condition? = nil
    ) {
        self.name = name
        self.label = label
        self.kind = kind
        self.value = value
        self.options = options
        self.required = required
        self.clearable = clearable
        self.integer = integer
        self.minimum = minimum
        self.maximum = maximum
        self.maximumLength = maximumLength
        self.placeholder = placeholder
        self.shownWhen = shownWhen
    }
}

/// `formSubmit`: the button that sends a screen's form, with its `activate` request: the action's body
/// (what the form does not ask, such as the owner) plus every shown field. On success a client opens
/// `next` when there is one, else starts the form again.
public struct FormSubmit: ItemPayload {
    public var title: String
    /// What the viewer is told once it is done ("Habit added").
    public var done: String
    public var next: ScreenLinkContent?

    public init(title: String, done: String, next: ScreenLinkContent? = nil) {
        self.title = title
        self.done = done
        self.next = next
    }
}

/// A screen to open, in an item's content.
public struct ScreenLinkContent: Codable, Hashable, Sendable {
    public var screen: ScreenName
    public var parameters: [String: String]

    public init(screen: ScreenName, parameters: [String: String] = [:]) {
        self.screen = screen
        self.parameters = parameters
    }
}

extension FormField {
    public static let type = "formField"
    public var heapBytes: Int {
        heapSum(name, label, value, placeholder)
            + options.reduce(64) { $0 + 32 + HabitsScreens.heapBytes($1.value) + HabitsScreens.heapBytes($1.label) }
            + (shownWhen.map { $0.values.reduce(64) { $0 + 16 + HabitsScreens.heapBytes($1) } } ?? 0)
    }
}

extension FormSubmit {
    public static let type = "formSubmit"
    public var heapBytes: Int { heapSum(title, done) + (next == nil ? 0 : 64) }
}
