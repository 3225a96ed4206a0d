import Foundation
import HabitsScreens
import HabitsTestSupport
import Mustache
import Testing

@testable import HabitsServer

/// The one escaper, and every template writing through it: text that a browser's parser would read as
/// markup (a quote before a combining mark, a `<` after a prepend letter) never reaches a page raw.
@Suite struct HTMLEscapingTests {
    /// Letters that join the character before or after them into one grapheme cluster, and other text a
    /// careless escaper trips on: combining marks, prepend and extend characters, ZWJ sequences,
    /// variation selectors, right-to-left text, emoji, and the five characters HTML gives meaning to.
    static let hostileAlphabet: [String] = [
        "<", ">", "&", "\"", "'", "\u{0300}", "\u{0301}", "\u{20DD}", "\u{0600}", "\u{0605}", "\u{110BD}",
        "\u{0D4E}", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FD}", "\u{202E}", "\u{200F}", "שלום", "مرحبا",
        "👩‍👩‍👧", "🏳️‍🌈", "e", "=", "/", " ", "\n", "img", "script", "onerror", "&amp;", "&#60;", "`",
    ]

    /// A random string of `length` pieces of the hostile alphabet.
    static func hostileText(_ random: inout SplitMix, length: Int) -> String {
        (0..<length).map { _ in hostileAlphabet[Int(random.next() % UInt64(hostileAlphabet.count))] }.joined()
    }

    /// The characters HTML gives meaning to, counted per Unicode scalar, as the browser's parser reads.
    static func markup(in html: String) -> [Unicode.Scalar: Int] {
        var counts: [Unicode.Scalar: Int] = [:]
        for scalar in html.unicodeScalars where "<>\"'".unicodeScalars.contains(scalar) {
            counts[scalar, default: 0] += 1
        }
        return counts
    }

    /// The bytes `html` stands for, its five character references read back. It works on bytes because
    /// Foundation's `replacingOccurrences` compares grapheme clusters, and `&gt;` before a combining
    /// mark is not one to it.
    static func unescaped(_ html: String) -> [UInt8] {
        let references: [(String, UInt8)] = [
            ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&quot;", UInt8(ascii: "\"")),
            ("&#39;", UInt8(ascii: "'")), ("&amp;", UInt8(ascii: "&")),
        ]
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        var index = 0
        next: while index < bytes.count {
            for (reference, byte) in references where bytes[index...].starts(with: reference.utf8) {
                output.append(byte)
                index += reference.utf8.count
                continue next
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    @Test func theEscaperLeavesNoMarkupScalarAndLosesNothing() {
        forEachSeed(count: 500) { (seed: UInt64) in
            var random = SplitMix(seed: seed)
            let text = Self.hostileText(&random, length: Int(random.next() % 24))
            let escaped = HTMLEscaper.escape(text)
            #expect(Self.markup(in: escaped).isEmpty, "seed \(seed): \(escaped.debugDescription)")
            #expect(Self.unescaped(escaped) == Array(text.utf8), "seed \(seed)")
        }
    }

    @Test func markupJoinedToALetterIsStillEscaped() {
        // Each is one grapheme cluster holding a character the HTML parser reads on its own.
        let cases: [(String, String)] = [
            ("\"\u{0301}", "&quot;\u{0301}"),
            ("\u{0D4E}<img src=x onerror=alert(1)>", "\u{0D4E}&lt;img src=x onerror=alert(1)&gt;"),
            ("'\u{200D}", "&#39;\u{200D}"),
            ("plain text, 명상 🧘", "plain text, 명상 🧘"),
        ]
        for (text, escaped) in cases {
            // Compared as bytes: `==` on strings compares canonically equivalent clusters.
            #expect(Array(HTMLEscaper.escape(text).utf8) == Array(escaped.utf8), "\(text.debugDescription)")
        }
    }

    @Test func aHostileNameInAnItemIsTextInTheElementAndTheAttribute() throws {
        let name = "\u{0600}<img src=x onerror=alert(document.domain)>\"\u{0301} onfocus=alert(1) x=\"\u{0301}"
        let item = ScreenItem(
            id: "user-2",
            content: ItemContent(
                UserCard(userID: 2, name: name, username: "u2", color: nil, picture: "/images/2", isFollowed: false)),
            fallback: ItemFallback(title: name),
            actions: [.request(.activate, title: name, method: "PUT", path: "/v1/x", body: ["name": .string(name)])])
        let html = try WebAssets.bundled.renderer().item(item)
        let escaped = "&lt;img src=x onerror=alert(document.domain)&gt;&quot;\u{0301} onfocus"
        #expect(!PageSafetyTests.holdsRaw("<img src=x", in: html))
        let joinedQuote = "\"\u{0301} onfocus"
        #expect(!PageSafetyTests.holdsRaw(joinedQuote, in: html))
        #expect(PageSafetyTests.holdsRaw(escaped, in: html))
    }

    /// Every template of the web client, read from its folder.
    static func templates() throws -> [(name: String, text: String)] {
        let folder = try #require(ServerResources.candidateURLs(of: "web").first(where: WebAssets.isFolder))
            .appendingPathComponent("templates")
        let paths = try #require(FileManager.default.subpaths(atPath: folder.path)).filter { $0.hasSuffix(".mustache") }
        return try paths.sorted().map { path in
            (String(path.dropLast(".mustache".count)),
             try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// HTML the renderer made itself, written raw on purpose; any other raw slot is a hole. The calendar's QR
    /// code is an `<svg>` the `QRCode` module draws from modules alone: no text of anyone's is in it.
    static let rawSlots: Set<String> = ["body", "items", "sections", "calendarQRCode"]

    @Test func onlyTheRenderersOwnHTMLIsWrittenRaw() throws {
        let pattern = try Regex(#"\{\{(\{|&)\s*([A-Za-z0-9_.]+)"#)
        for (name, text) in try Self.templates() {
            for match in text.matches(of: pattern) {
                let slot = String(try #require(match.output[2].substring))
                #expect(Self.rawSlots.contains(slot), "\(name) writes {{{\(slot)}}} raw")
            }
        }
    }

    /// A view that answers every name a template asks for with `text` (or with nothing for the names in
    /// `absent`, so that inverted sections are rendered too), and raw slots with no HTML at all.
    struct EveryField: MustacheParent {
        var text: String
        var absent: Set<String>
        func child(named name: String) -> Any? {
            if absent.contains(name) { return nil }
            return rawSlots.contains(name) ? "" : text
        }
    }

    /// Property: rendered through any template, hostile text adds not one markup scalar to what plain
    /// text renders — every slot of every template escapes what it writes.
    @Test func everyTemplateWritesHostileTextAsText() throws {
        let renderer = try WebAssets.bundled.renderer()
        let templates = try Self.templates()
        let names = try Regex(#"\{\{[#^/]?\s*([A-Za-z0-9_]+)"#)
        forEachSeed(count: 60) { (seed: UInt64) in
            var random = SplitMix(seed: seed)
            let hostile = Self.hostileText(&random, length: 1 + Int(random.next() % 16)) + "<\u{0300}'\u{0301}\""
            for (name, text) in templates {
                let fields = Set(text.matches(of: names).compactMap { $0.output[1].substring.map(String.init) })
                let absent = Set(fields.filter { _ in random.next() % 3 == 0 })
                guard let template = renderer.library.getTemplate(named: name) else {
                    Issue.record("seed \(seed): \(name) is not registered")
                    continue
                }
                let plain = template.render(EveryField(text: "plain", absent: absent), library: renderer.library)
                let html = template.render(EveryField(text: hostile, absent: absent), library: renderer.library)
                #expect(
                    Self.markup(in: html) == Self.markup(in: plain),
                    "seed \(seed): \(name) wrote \(hostile.debugDescription) raw: \(html.prefix(300))")
            }
        }
    }
}
