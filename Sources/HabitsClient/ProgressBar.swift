/// A one-line progress bar for standard error: `[##########          ]  50%`.
public struct ProgressBar: Sendable {
    public var width: Int

    public init(width: Int = 30) {
        self.width = width
    }

    /// The bar for `done` of `total` bytes, starting with a carriage return to redraw in place.
    public func line(done: Int64, total: Int64) -> String {
        guard total > 0 else { return "\r[" + String(repeating: " ", count: width) + "]" }
        let fraction = Double(min(max(done, 0), total)) / Double(total)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let percent = Int((fraction * 100).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        return "\r[\(bar)] " + String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
    }
}
