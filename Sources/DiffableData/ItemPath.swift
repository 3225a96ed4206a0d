/// A section and item position, the portable counterpart of UIKit's `IndexPath` for collection views.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index of the section.
    ///
    /// - Complexity: O(1).
    public var section: Int
    /// Index of the item inside its section.
    ///
    /// - Complexity: O(1).
    public var item: Int

    /// Creates a path.
    ///
    /// - Complexity: O(1).
    @inlinable public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then item, as UIKit sorts index paths.
    ///
    /// - Complexity: O(1).
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// `[section, item]`, as `IndexPath` prints.
    ///
    /// - Complexity: O(1).
    public var description: String { "[\(section), \(item)]" }
}
