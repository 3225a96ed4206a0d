/// The media type of a `Content-Type` value, as every check of a body's or a response's type compares it.
enum MediaType {
    /// Media types worth compressing (`ResponseCompressionMiddleware`): made once, not on each response.
    static let compressible: Set<String> = [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
        "text/event-stream", "application/yaml", "text/yaml", "text/plain", "image/svg+xml",
    ]

    /// `value` without its parameters and the spaces around it, in lower case: `Application/JSON;
    /// charset=utf-8` is `application/json`. Media types are ASCII tokens and HTTP's spaces are spaces
    /// and tabs, so nothing else is changed; this runs on every request with a body and every response.
    ///
    /// - Complexity: O(n) in the value's length; a value already in that form is returned as it is.
    static func essence(of value: String) -> String {
        // The first ";" byte, as before: a Character would join a combining mark to it.
        token(value[..<(value.utf8.firstIndex(of: UInt8(ascii: ";")) ?? value.endIndex)], in: value)
    }

    /// `value` without the HTTP spaces around it, in ASCII lower case: one token or parameter of a header.
    ///
    /// - Complexity: O(n) in the value's length; a value already in that form is returned as it is.
    static func token(_ value: Substring) -> String {
        token(value, in: nil)
    }

    /// `part` trimmed and lowered; `whole` when `part` is all of it and already in that form, so that the
    /// usual value is not copied.
    private static func token(_ part: Substring, in whole: String?) -> String {
        let bytes = part.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        let type = bytes[start..<end]
        if !type.contains(where: isUppercase) {
            if let whole, start == whole.utf8.startIndex, end == whole.utf8.endIndex { return whole }
            return String(Substring(type))
        }
        return String(decoding: type.map { isUppercase($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isUppercase(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
