/// The two layout axes; each algorithm is written once along a "main" axis and works for both directions.
enum Axis: Sendable {
    case horizontal, vertical

    /// The axis across this one.
    var other: Axis { self == .horizontal ? .vertical : .horizontal }

    /// A size's length along this axis.
    func main(_ size: Size) -> Double { self == .horizontal ? size.width : size.height }
    /// A size's length across this axis.
    func cross(_ size: Size) -> Double { self == .horizontal ? size.height : size.width }
    /// The size with `main` along this axis and `cross` across it.
    func size(main: Double, cross: Double) -> Size {
        self == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
    /// The point at `main` along this axis and `cross` across it.
    func point(main: Double, cross: Double) -> Point {
        self == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }

    /// A rectangle's start and end along this axis.
    func minMain(_ rect: Rect) -> Double { self == .horizontal ? rect.minX : rect.minY }
    func maxMain(_ rect: Rect) -> Double { self == .horizontal ? rect.maxX : rect.maxY }
    /// A rectangle's start and end across this axis.
    func minCross(_ rect: Rect) -> Double { self == .horizontal ? rect.minY : rect.minX }
    func maxCross(_ rect: Rect) -> Double { self == .horizontal ? rect.maxY : rect.maxX }

    /// The rectangle starting at `main` along this axis and `cross` across it.
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        self == .horizontal
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }
    /// The rectangle moved by `main` along this axis and `cross` across it.
    func offset(_ rect: Rect, main: Double, cross: Double) -> Rect {
        self == .horizontal ? rect.offsetBy(dx: main, dy: cross) : rect.offsetBy(dx: cross, dy: main)
    }

    /// The inset at the start and at the end of this axis.
    func start(_ insets: EdgeInsets) -> Double { self == .horizontal ? insets.leading : insets.top }
    func end(_ insets: EdgeInsets) -> Double { self == .horizontal ? insets.trailing : insets.bottom }
}
