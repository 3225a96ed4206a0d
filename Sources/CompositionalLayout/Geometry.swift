/// A point in layout coordinates (points, origin top-left, y grows downwards).
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and height in points.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// An axis-aligned rectangle; width and height are never negative in computed layouts.
public struct Rect: Hashable, Codable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// True when the rectangles share interior area or touch along an edge (as UIKit's `intersects`, edges count when
    /// widths are positive).
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
    /// True when the interiors overlap by more than `tolerance` on both axes.
    public func overlaps(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
        min(maxX, other.maxX) - max(minX, other.minX) > tolerance
            && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
    }
    /// True when `other` lies inside this rectangle, allowing `tolerance` for rounding.
    public func contains(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }
    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
    /// The rectangle shrunk by `insets` (leading is the left edge), never below zero size.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top,
            width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }
    public var description: String {
        "(\(formatted(minX)), \(formatted(minY)), \(formatted(width)), \(formatted(height)))"
    }
}

/// Directional insets; `leading` is the left edge (layouts are computed left-to-right).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = EdgeInsets()
    public var description: String {
        "(\(formatted(top)), \(formatted(leading)), \(formatted(bottom)), \(formatted(trailing)))"
    }
}

/// The position of an item: section, then item within the section.
public struct ElementIndexPath: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }
    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.section, lhs.item) < (rhs.section, rhs.item) }
    public var description: String { "[\(section), \(item)]" }
}

/// Short decimal form used by descriptions, debug output and SVG.
func formatted(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    return String((value * 1000).rounded() / 1000)
}
