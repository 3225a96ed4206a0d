import Foundation

/// Finds an object key written twice in a JSON text.
///
/// `JSONDecoder` keeps one of two values under the same key without a word, so `{"count": 1, "count": 5}`
/// would mean whatever this decoder picks, which a proxy or another reader of the same body may not
/// pick. A body with a repeated key is refused instead (`RequestBody`).
///
/// The scan assumes the text is JSON that decoded: it does not validate, it only follows strings, objects
/// and arrays.
enum DuplicateJSONKeys {
    /// One step of a path into a JSON value.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The path of the first key that appears twice in one object, nil when none does.
    ///
    /// - Complexity: O(n) for the text's n bytes, each key hashed once.
    static func first(in data: Data) -> [Step]? {
        data.withUnsafeBytes { first(in: $0) }
    }

    /// The path of the first key that appears twice in one object, nil when none does.
    ///
    /// - Complexity: O(n) for the text's n bytes, each key hashed once.
    static func first<Text: RandomAccessCollection<UInt8>>(in text: Text) -> [Step]? where Text.Index == Int {
        var frames: [Frame] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = stringEnd(in: text, from: index)
                if let last = frames.indices.last, frames[last].expectsKey {
                    let key = keyText(text[(index + 1)..<max(index + 1, end - 1)])
                    frames[last].expectsKey = false
                    frames[last].name = key
                    if !frames[last].keys.insert(key).inserted {
                        return path(frames)
                    }
                }
                index = end
                continue
            case UInt8(ascii: "{"):
                frames.append(Frame(isObject: true))
            case UInt8(ascii: "["):
                frames.append(Frame(isObject: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    if frames[last].isObject { frames[last].expectsKey = true } else { frames[last].elements += 1 }
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// An open object or array.
    private struct Frame {
        var isObject: Bool
        /// Whether the next string is one of the object's keys.
        var expectsKey: Bool
        /// The object's key being read.
        var name = ""
        /// The object's keys so far.
        var keys: Set<String> = []
        /// The array's elements before the one being read.
        var elements = 0

        init(isObject: Bool) {
            self.isObject = isObject
            expectsKey = isObject
        }
    }

    /// `path` as dots between its steps: `logs.3.count`.
    static func dotted(_ path: [Step]) -> String {
        path.map { step in
            switch step {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
    }

    /// The path to the key just read: each object's key and each array's element index.
    private static func path(_ frames: [Frame]) -> [Step] {
        frames.map { $0.isObject ? .key($0.name) : .index($0.elements) }
    }

    /// The index just past the string that starts at `start` (its closing quote included).
    private static func stringEnd<Text: RandomAccessCollection<UInt8>>(in text: Text, from start: Int) -> Int
    where Text.Index == Int {
        var index = start + 1
        while index < text.endIndex {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return text.endIndex
    }

    /// A key's text with its escapes read, so that `"a"` and `"\u0061"` are the same key.
    private static func keyText<Raw: RandomAccessCollection<UInt8>>(_ raw: Raw) -> String where Raw.Index == Int {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var units: [UInt16] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
                // Bytes outside escapes are UTF-8: decoded as a run up to the next escape.
                var end = index + 1
                while end < raw.endIndex, raw[end] != UInt8(ascii: "\\") { end += 1 }
                units += String(decoding: raw[index..<end], as: UTF8.self).utf16
                index = end
                continue
            }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "u"):
                let digits = raw[index..<min(index + 4, raw.endIndex)]
                units.append(UInt16(String(decoding: digits, as: UTF8.self), radix: 16) ?? 0xFFFD)
                index = digits.endIndex
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            default: units.append(UInt16(escaped))
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
