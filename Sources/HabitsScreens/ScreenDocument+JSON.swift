import Foundation
import HabitsDomain

extension ScreenDocument {
    /// The document as `HabitsJSON.encoder()` writes it (keys sorted), each section's JSON around its items
    /// from `sectionJSON` and each item's from `itemJSON`: a stream's first document is mostly layouts that
    /// every viewer's copy of the screen shares, and items that many of them share.
    ///
    /// - Complexity: O(n) for the n bytes written, plus the calls to `sectionJSON` and `itemJSON`.
    public func json(
        sectionJSON: (ScreenSection) throws -> SectionJSON, itemJSON: (ScreenItem) throws -> [UInt8]
    ) throws -> [UInt8] {
        var out = JSONBytes()
        out.append("{\"revision\":")
        out.string(revision)
        out.append(",\"schemaVersion\":\(schemaVersion),\"screen\":")
        out.string(screen.rawValue)
        out.append(",\"sections\":[")
        for (index, section) in sections.enumerated() {
            if index > 0 { out.append(",") }
            let around = try sectionJSON(section)
            out.bytes += around.head
            for (itemIndex, item) in section.items.enumerated() {
                if itemIndex > 0 { out.append(",") }
                out.bytes += try itemJSON(item)
            }
            out.bytes += around.tail
        }
        out.append("],\"title\":")
        out.string(title)
        out.append("}")
        return out.bytes
    }
}

/// A section's JSON without its items, in two parts: up to and including `"items":[`, and from the `]`
/// that closes them.
public struct SectionJSON: Sendable {
    public var head: [UInt8]
    public var tail: [UInt8]

    /// How many bytes the two parts hold.
    public var byteCount: Int { head.count + tail.count }
}

extension ScreenSection {
    /// The section's JSON as `HabitsJSON.encoder()` writes it, split where its items go.
    ///
    /// Sorted keys put `items` after `footer`, `header` and `id`, and before the layouts. The first
    /// `"items":[]` in the text is the section's own: a key's closing quote never follows a letter inside a
    /// string, where every quote is escaped, and no key before it holds a list of items.
    ///
    /// - Complexity: one encoding of the section without its items.
    public func jsonAroundItems() throws -> SectionJSON {
        let bytes = Array(try HabitsJSON.encoder().encode(withoutItems))
        let marker = Array("\"items\":[]".utf8)
        guard let start = bytes.firstRange(of: marker)?.lowerBound else {
            throw EncodingError.invalidValue(
                self, .init(codingPath: [], debugDescription: "the section's JSON has no list of items"))
        }
        let split = start + marker.count - 1
        return SectionJSON(head: Array(bytes[..<split]), tail: Array(bytes[split...]))
    }
}
