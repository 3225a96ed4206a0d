/// A descriptor that cannot be laid out; the message names the descriptor by its path.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    case negativeValue(descriptor: String, value: Double)
    case nonFiniteValue(descriptor: String)
    case emptyGroup(descriptor: String)
    case countBelowOne(descriptor: String, count: Int)
    case negativeItemCount(section: Int, count: Int)
    case invalidContainer(Size)

    /// The error in words, naming the descriptor by its path.
    public var description: String {
        switch self {
        case .negativeValue(let path, let value): return "\(path) is negative (\(formatted(value)))"
        case .nonFiniteValue(let path): return "\(path) is not a finite number"
        case .emptyGroup(let path): return "\(path) has no subitems"
        case .countBelowOne(let path, let count): return "\(path).count is \(count); it must be at least 1"
        case .negativeItemCount(let section, let count):
            return "section[\(section)] item count is \(count); it must not be negative"
        case .invalidContainer(let size): return "container size \(size) must be finite and not negative"
        }
    }
}

/// A descriptor that lays out but is probably a mistake (such as `fractionalWidth(160)`).
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The descriptor's path, such as `section[0].group.subitems[1].layoutSize.widthDimension`.
    public var descriptor: String
    public var message: String
    /// The path and the message.
    public var description: String { "\(descriptor): \(message)" }
}
