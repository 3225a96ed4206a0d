import Foundation

/// A widget's size and what it shows, as WidgetKit's families name them, with the streak card of the
/// README badges people already use.
public enum WidgetFamily: String, CaseIterable, Codable, Hashable, Sendable {
    /// One habit: today's state and the current streak.
    case small
    /// Today's habits, up to `WidgetFamily.mediumHabits`, each with its state.
    case medium
    /// One habit's month calendar, with its streak.
    case large
    /// A wide card: the current streak with its dates, the longest streak, and the total of done days.
    case card

    /// How many habits the medium widget lists.
    public static let mediumHabits = 4

    /// Whether the widget shows one habit, which its address names.
    public var showsOneHabit: Bool { self != .medium }

    /// The width it is drawn at by default, in CSS pixels (a point on iOS).
    public var defaultWidth: Int {
        switch self {
        case .small: 170
        case .medium, .large: 364
        case .card: 495
        }
    }

    /// The height at `defaultWidth`; other widths keep the proportion.
    public var defaultHeight: Int {
        switch self {
        case .small, .medium: 170
        case .large: 382
        case .card: 195
        }
    }

    /// The widths a request may ask for: wide enough for its text, small enough to bound the work.
    public var widths: ClosedRange<Int> {
        switch self {
        case .small: 120...480
        case .medium, .large: 280...960
        case .card: 360...1000
        }
    }

    /// The height at `width`, in the family's proportion.
    ///
    /// - Complexity: O(1).
    public func height(forWidth width: Int) -> Int {
        (width * defaultHeight + defaultWidth / 2) / defaultWidth
    }
}

/// A widget's address as its owner lists it: which family, which habit, its default look. The secret that
/// opens it is shown once, when it is made; the store keeps only its hash.
public struct WidgetAddress: Codable, Hashable, Sendable {
    public var id: Int64
    public var family: WidgetFamily
    /// The habit shown; nil for `medium`, which shows the owner's favourites.
    public var habitID: Int64?
    /// The look the address has when a request names no options of its own.
    public var style: WidgetStyle
    public var createdAt: Date

    public init(id: Int64, family: WidgetFamily, habitID: Int64?, style: WidgetStyle, createdAt: Date) {
        self.id = id
        self.family = family
        self.habitID = habitID
        self.style = style
        self.createdAt = createdAt
    }
}

/// A widget address and whose it is: what the secret in a widget's URL opens.
public struct WidgetGrant: Hashable, Sendable {
    public var ownerID: Int64
    public var address: WidgetAddress

    public init(ownerID: Int64, address: WidgetAddress) {
        self.ownerID = ownerID
        self.address = address
    }
}
