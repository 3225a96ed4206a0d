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

    /// True when the rectangles share interior area or touch along an edge (as UIKit's `intersects`, edges count when widths are positive).
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
    public static func < (a: Self, b: Self) -> Bool { (a.section, a.item) < (b.section, b.item) }
    public var description: String { "[\(section), \(item)]" }
}

/// The two layout axes; used to write each algorithm once for both directions.
enum Axis: Sendable {
    case horizontal, vertical
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
    func main(_ s: Size) -> Double { self == .horizontal ? s.width : s.height }
    func cross(_ s: Size) -> Double { self == .horizontal ? s.height : s.width }
    func size(main: Double, cross: Double) -> Size {
        self == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
    func minMain(_ r: Rect) -> Double { self == .horizontal ? r.minX : r.minY }
    func maxMain(_ r: Rect) -> Double { self == .horizontal ? r.maxX : r.maxY }
    func minCross(_ r: Rect) -> Double { self == .horizontal ? r.minY : r.minX }
    func maxCross(_ r: Rect) -> Double { self == .horizontal ? r.maxY : r.maxX }
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        self == .horizontal
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }
    func offset(_ r: Rect, main: Double, cross: Double) -> Rect {
        self == .horizontal ? r.offsetBy(dx: main, dy: cross) : r.offsetBy(dx: cross, dy: main)
    }
    func start(_ i: EdgeInsets) -> Double { self == .horizontal ? i.leading : i.top }
    func end(_ i: EdgeInsets) -> Double { self == .horizontal ? i.trailing : i.bottom }
}

/// Short decimal form used by descriptions, debug output and SVG.
func formatted(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    let r = (v * 1000).rounded() / 1000
    return String(r)
}
