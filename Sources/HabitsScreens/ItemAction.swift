/// What activating an item does: make a request, or open a screen.
public struct ItemAction: Codable, Hashable, Sendable {
    /// `activate` runs on a tap or Enter; `menu` actions are offered in a context menu.
    public enum Role: String, Codable, Hashable, Sendable {
        case activate, menu
    }

    /// What the action does.
    public enum Kind: String, Codable, Hashable, Sendable {
        case request, open
    }

    public var role: Role
    public var kind: Kind
    /// The words of a button or menu entry ("Favorite", "Unfollow").
    public var title: String
    /// For `request`: the HTTP method.
    public var method: String?
    /// For `request`: the path on this server.
    public var path: String?
    /// For `request`: the JSON body.
    public var body: [String: ActionValue]?
    /// For `open`: the screen to open.
    public var screen: ScreenName?
    /// For `open`: the screen's query parameters.
    public var parameters: [String: String]?

    /// A request to this server: a method and a path filled from `Routes`.
    public static func request(
        _ role: Role, title: String, method: String, path: String, body: [String: ActionValue]? = nil
    ) -> ItemAction {
        ItemAction(
            role: role, kind: .request, title: title, method: method, path: path, body: body, screen: nil,
            parameters: nil)
    }

    /// Opens another screen with its parameters.
    public static func open(
        _ role: Role = .activate, title: String, screen: ScreenName, parameters: [String: String] = [:]
    ) -> ItemAction {
        ItemAction(
            role: role, kind: .open, title: title, method: nil, path: nil, body: nil, screen: screen,
            parameters: parameters)
    }
}

/// A value in an action's JSON body.
public enum ActionValue: Codable, Hashable, Sendable {
    case integer(Int64)
    case string(String)
    /// A list of ids, such as a new order of habits.
    case integers([Int64])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let integers = try? container.decode([Int64].self) {
            self = .integers(integers)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .integers(let values): try container.encode(values)
        }
    }
}
