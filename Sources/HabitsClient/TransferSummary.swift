import Foundation

/// What export and import print: a sentence for people, a stable JSON object for `--json`.
public enum TransferSummary {
    /// What `habits export --json` prints.
    public struct Export: Codable, Equatable, Sendable {
        public var file: String
        public var format: String
        public var bytes: Int

        public init(file: String, format: String, bytes: Int) {
            self.file = file
            self.format = format
            self.bytes = bytes
        }
    }

    /// "Exported 12345 bytes (json) to FILE".
    public static func sentence(_ export: Export) -> String {
        "Exported \(export.bytes) bytes (\(export.format)) to \(export.file)\n"
    }

    /// The import summary's counts, one `name: count` per line, sorted by name;
    /// values that are not numbers are shown as the server wrote them.
    public static func importLines(_ data: Data) throws(ClientError) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .unexpectedAnswer("the import summary is not a JSON object")
        }
        let rows = object.keys.sorted().map { key -> [String] in
            [key + ":", Self.describe(object[key])]
        }
        return "Imported\n" + TextTable(rows: rows).render().split(separator: "\n").map { "  " + $0 + "\n" }.joined()
    }

    static func describe(_ value: Any?) -> String {
        switch value {
        case let number as NSNumber: number.stringValue
        case let text as String: text
        case .some(let other):
            (try? JSONSerialization.data(withJSONObject: other, options: [.sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "\(other)"
        case .none: ""
        }
    }

    /// The media type of a file to import: a zip (Loop's CSV export) by its signature, else our JSON.
    public static func contentType(of data: Data) -> String {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) ? "application/zip" : "application/json"
    }
}
