/// What a document costs to keep, estimated cheaply: the screen cache's byte budget counts it once, when the
/// document is recorded.
///
/// The estimate is the documents' strings (those too long to be stored inline) by their UTF-8 size, plus a
/// fixed cost for each section, item and action that stands for their structs, arrays and dictionaries. The
/// fixed costs were set from the heap a built emoji picker takes (`scripts/memory.sh` measures the whole).
extension ScreenDocument {
    /// A document's own fixed cost: its struct, its sections' array, its title and revision.
    static let documentOverhead = 256
    /// A section's fixed cost: its layout descriptor, header, footer and items' array.
    static let sectionOverhead = 1_024
    /// An item's fixed cost beyond its inline size: its content's boxes and its actions' array.
    static let itemOverhead = 128
    /// An action's fixed cost: its struct, its body or parameters dictionary.
    static let actionOverhead = 256

    /// About how many bytes the document holds in memory.
    ///
    /// - Complexity: O(n) for the n strings, items and actions of the document.
    public var estimatedByteCount: Int {
        var bytes = Self.documentOverhead + heapBytes(title) + heapBytes(revision)
        for section in sections {
            bytes += Self.sectionOverhead + heapBytes(section.id)
            if section.wideLayout != nil { bytes += Self.sectionOverhead }
            bytes += heapBytes(section.header?.title) + heapBytes(section.footer?.title)
            for item in section.items { bytes += item.estimatedByteCount }
        }
        return bytes
    }

    /// `estimatedByteCount` of this document, made from `base` (of `baseBytes`) by replacing the items of
    /// `updates` and renaming it, as a patch makes it (`ScreenBuilder.patched`): only those items and the
    /// revision are counted again.
    ///
    /// - Complexity: O(u) for the u updates, O(n) for the document's n strings, items and actions when an
    ///   update is not at a position of `base`.
    public func estimatedByteCount(
        patchedFrom base: ScreenDocument, baseBytes: Int, updates: some Sequence<ItemValue>
    ) -> Int {
        var bytes = baseBytes - heapBytes(base.revision) + heapBytes(revision)
        for update in updates {
            guard base.sections.indices.contains(update.section),
                base.sections[update.section].items.indices.contains(update.item)
            else { return estimatedByteCount }
            let replaced = base.sections[update.section].items[update.item]
            bytes += update.value.estimatedByteCount - replaced.estimatedByteCount
        }
        return bytes
    }
}

extension ScreenItem {
    /// About how many bytes the item holds in memory, its place in its section's array included.
    ///
    /// - Complexity: O(a) for its a actions.
    var estimatedByteCount: Int {
        var bytes = MemoryLayout<ScreenItem>.stride + ScreenDocument.itemOverhead
        bytes += heapBytes(id) + heapBytes(fallback.title) + heapBytes(fallback.subtitle) + content.heapBytes
        for action in actions { bytes += action.heapBytes }
        return bytes
    }
}

/// The heap a string takes: nothing for a small string, stored inline (up to 15 UTF-8 bytes on 64-bit
/// platforms), else its bytes and an object header.
@inline(__always)
func heapBytes(_ text: String?) -> Int {
    guard let count = text?.utf8.count, count > 15 else { return 0 }
    return count + 32
}

extension ItemAction {
    /// The heap the action takes.
    var heapBytes: Int {
        var bytes = ScreenDocument.actionOverhead + HabitsScreens.heapBytes(title) + HabitsScreens.heapBytes(path)
        for (key, value) in body ?? [:] {
            bytes += HabitsScreens.heapBytes(key)
            switch value {
            case .string(let text): bytes += HabitsScreens.heapBytes(text)
            case .integers(let values): bytes += 32 + values.count * MemoryLayout<Int64>.stride
            case .integer: break
            }
        }
        for (key, value) in parameters ?? [:] {
            bytes += HabitsScreens.heapBytes(key) + HabitsScreens.heapBytes(value)
        }
        return bytes
    }
}

/// The heap of several strings (see `heapBytes(_:)`).
func heapSum(_ texts: String?...) -> Int { texts.reduce(0) { $0 + heapBytes($1) } }
