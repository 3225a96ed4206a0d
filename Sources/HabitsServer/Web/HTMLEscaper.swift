import Mustache

/// The one HTML escaper: every value a template writes, in element text and in attribute values
/// alike, goes through it.
///
/// It works on UTF-8 bytes, because a browser's HTML parser reads code points: a `"` followed by a
/// combining mark, or a `<` after a prepend letter, is one `Character` in Swift but still a quote or a
/// tag opener to the parser. Escaping per grapheme cluster (as Mustache's own HTML content type does)
/// would write those raw. The five characters HTML gives meaning to are ASCII, and no byte of a
/// multi-byte UTF-8 sequence is ASCII, so a byte pass finds every one of them wherever it stands.
public enum HTMLEscaper {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length of `text`; returns `text` itself when nothing needs escaping.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(escaped) ?? escaped(Array(text.utf8))
    }

    /// `text` escaped for XML (an SVG's text and attributes): as `escape(_:)`, with every code point XML 1.0
    /// does not allow in a document (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF)
    /// left out, so that no name can make the document ill-formed.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    public static func escapeForXML(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowedInXML($0) }) else { return escape(text) }
        var allowed = String.UnicodeScalarView()
        allowed.append(contentsOf: text.unicodeScalars.filter(isAllowedInXML))
        return escape(String(allowed))
    }

    private static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    private static func escaped<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
        // The input was valid UTF-8 and only whole ASCII bytes were replaced, so the output is too.
        return String(decoding: output, as: UTF8.self)
    }
}

/// The templates' content type: Mustache writes every `{{value}}` through ``HTMLEscaper``.
struct EscapedHTMLContentType: MustacheContentType {
    /// The name templates select it by; the renderer puts the pragma in front of every template.
    static let name = "HABITS_HTML"
    /// The pragma that makes a template write through this content type.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    func escapeText(_ text: String) -> String { HTMLEscaper.escape(text) }

    /// Registers the content type with Mustache once, before any template is parsed.
    static let registered: Void = MustacheContentTypes.register(EscapedHTMLContentType(), named: name)
}
