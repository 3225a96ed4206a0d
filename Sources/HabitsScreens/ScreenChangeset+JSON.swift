import Foundation
import HabitsDomain

extension ScreenChangeset {
    /// The changeset as `HabitsJSON.encoder()` writes it (keys sorted, empty lists left out), with each
    /// item's JSON from `itemJSON`: a live server sends one item to many screens, and encoding it once for
    /// all of them is most of the saving.
    ///
    /// - Complexity: O(n) for the n bytes written, plus the calls to `itemJSON`.
    public func json(itemJSON: (ScreenItem) throws -> [UInt8]) throws -> [UInt8] {
        var out = JSONBytes()
        out.append("{\"from\":")
        out.string(from)
        out.append(",\"revision\":")
        out.string(revision)
        out.append(",\"schemaVersion\":\(schemaVersion),\"screen\":")
        out.string(screen.rawValue)
        out.append(",\"stages\":[")
        for (index, stage) in stages.enumerated() {
            if index > 0 { out.append(",") }
            try stage.writeJSON(to: &out, itemJSON: itemJSON)
        }
        out.append("]")
        if let title {
            out.append(",\"title\":")
            out.string(title)
        }
        out.append("}")
        return out.bytes
    }
}

extension ScreenStage {
    /// The stage's JSON object, its lists in sorted key order.
    fileprivate func writeJSON(to out: inout JSONBytes, itemJSON: (ScreenItem) throws -> [UInt8]) throws {
        var separator = "{"
        func list<Element>(_ key: String, _ elements: [Element], _ write: (Element) throws -> Void) rethrows {
            guard !elements.isEmpty else { return }
            out.append(separator + "\"" + key + "\":[")
            separator = ","
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(",") }
                try write(element)
            }
            out.append("]")
        }
        func itemValue(_ value: ItemValue) throws {
            out.append("{\"item\":\(value.item),\"section\":\(value.section),\"value\":")
            out.bytes += try itemJSON(value.value)
            out.append("}")
        }
        func sectionValue(_ value: SectionValue) throws {
            out.append("{\"index\":\(value.index),\"section\":")
            out.bytes += Array(try HabitsJSON.encoder().encode(value.section))
            out.append("}")
        }
        list("itemDeletes", itemDeletes) { position in
            out.append("{\"id\":")
            out.string(position.id)
            out.append(",\"item\":\(position.item),\"section\":\(position.section)}")
        }
        try list("itemInserts", itemInserts, itemValue)
        list("itemMoves", itemMoves) { move in
            out.append("{\"from\":{\"item\":\(move.from.item),\"section\":\(move.from.section)},\"id\":")
            out.string(move.id)
            out.append(",\"to\":{\"item\":\(move.to.item),\"section\":\(move.to.section)}}")
        }
        try list("itemUpdates", itemUpdates, itemValue)
        list("sectionDeletes", sectionDeletes) { position in
            out.append("{\"id\":")
            out.string(position.id)
            out.append(",\"index\":\(position.index)}")
        }
        try list("sectionInserts", sectionInserts, sectionValue)
        list("sectionMoves", sectionMoves) { move in
            out.append("{\"from\":\(move.from),\"id\":")
            out.string(move.id)
            out.append(",\"to\":\(move.to)}")
        }
        try list("sectionReloads", sectionReloads, sectionValue)
        out.append(separator == "{" ? "{}" : "}")
    }
}
