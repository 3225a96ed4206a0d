import Foundation
@testable import HabitsDomain
import HabitsTestSupport
import Testing

/// Every user-written field goes through one `TextRule`; checked here against an independent reading
/// of the rule, on hostile text.
@Suite struct TextRulePropertyTests {
    /// Every rule the domain applies to text people write.
    static let rules: [TextRule] = [
        ResourceRules.nameRule, ResourceRules.textRule, ResourceRules.textRule.named("description"),
        ProgramRules.titleRule, ProgramRules.authorRule, ProgramRules.summaryRule, ProgramRules.tagRule,
        HelpRules.tagNameRule, HelpRules.questionRule, HelpRules.answerRule,
    ]

    /// The rule as the issue states it, written apart from `TextRule`: nil when `value` (already
    /// normalised) meets it, else why not.
    static func oracle(_ rule: TextRule, raw: String, value: String) -> String? {
        if raw.utf8.count > rule.maximumBytes { return "over the byte cap" }
        if !rule.lengths.contains(value.unicodeScalars.count) { return "length" }
        if let first = value.unicodeScalars.first,
            [.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory)
        {
            return "opens with a mark"
        }
        for character in value {
            let scalars = Array(character.unicodeScalars)
            let isFlag = scalars.first?.value == 0x1F3F4
            for (index, scalar) in scalars.enumerated() {
                let category = scalar.properties.generalCategory
                if scalar == "\n" {
                    if !rule.multiline { return "a line feed in one line" }
                    continue
                }
                if !rule.multiline, scalar.value == 0x2800 { return "a blank that prints nothing, in one line" }
                if [.control, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned].contains(category) {
                    return "\(category)"
                }
                if scalar.properties.isBidiControl { return "bidi control" }
                guard category == .format || scalar.properties.isDefaultIgnorableCodePoint else { continue }
                let previous = index > 0 ? scalars[index - 1] : nil
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let isPicture = { (s: Unicode.Scalar?) in s.map { $0.properties.isEmoji && $0.value > 0xFF } ?? false }
                switch scalar.value {
                case 0x200D:
                    let afterEmoji = isPicture(previous) || previous?.value == 0xFE0F || previous?.value == 0xFE0E
                    if !(afterEmoji && isPicture(next)) { return "a joiner outside an emoji" }
                case 0xFE0E, 0xFE0F:
                    if previous?.properties.isEmoji != true { return "a variation selector after no emoji" }
                case 0xE0020...0xE007F:
                    if !isFlag { return "a tag outside a flag" }
                default:
                    return "invisible or format"
                }
            }
        }
        return nil
    }

    /// The value a rule should keep: NFC, line breaks unified where allowed, trimmed.
    static func expected(_ rule: TextRule, _ raw: String) -> String {
        var text = raw
        if rule.multiline {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func everyAcceptedValueMeetsTheRuleAndEveryRefusalNamesTheField() {
        var accepted = [String: Int]()
        var refused = [String: Int]()
        forEachSeed(count: UInt64(400)) { seed in
            var generator = SeededRandom(seed: seed)
            let raw = HostileText.random(using: &generator)
            for rule in Self.rules {
                let expected = Self.expected(rule, raw)
                let broken = Self.oracle(rule, raw: raw, value: expected)
                do {
                    let value = try rule.checked(raw)
                    accepted["\(rule)", default: 0] += 1
                    #expect(broken == nil, "seed \(seed) \(rule.field): accepted text breaking it (\(broken ?? ""))")
                    #expect(value == expected, "seed \(seed) \(rule.field): the value is the input normalised")
                    #expect(rule.lengths.contains(value.unicodeScalars.count), "seed \(seed)")
                    #expect(value == value.precomposedStringWithCanonicalMapping, "seed \(seed): NFC")
                    #expect(value.utf8.count <= rule.maximumBytes, "seed \(seed)")
                    #expect(rule.isMet(by: value), "seed \(seed) \(rule.field): checking again changes nothing")
                } catch {
                    refused["\(rule)", default: 0] += 1
                    #expect(broken != nil, "seed \(seed) \(rule.field): refused text that meets it: \(error)")
                    guard case .invalid(let field, let reason)? = error as? HabitsError else {
                        Issue.record("seed \(seed): \(error) is not `invalid`")
                        continue
                    }
                    #expect(field == rule.field && !reason.isEmpty, "seed \(seed)")
                    #expect(!reason.contains("\n") && reason.count < 300, "seed \(seed): one short line")
                }
            }
        }
        // The alphabet reaches both verdicts of every rule.
        for rule in Self.rules {
            #expect(accepted["\(rule)", default: 0] > 20 && refused["\(rule)", default: 0] > 20, "\(rule)")
        }
    }

    @Test func theIssuesExamplesAreRefused() throws {
        // A "1 to 40 character" help tag of 30,000 combining marks; a bio with control characters.
        let marks = "a" + String(repeating: "\u{301}", count: 30_000)
        #expect(throws: HabitsError.self) { try HelpRules.checked(HelpTag(id: 0, name: marks)) }
        for bio in ["Early\u{0}riser", "Bell\u{7}", "\u{1B}[31mred", "Tab\tbed", "Line\u{2028}break", "a\u{202E}b"] {
            #expect(throws: HabitsError.self, "\(bio.debugDescription)") {
                try ResourceRules.text(bio, field: "bio")
            }
        }
        #expect(try ResourceRules.text("Two\r\nlines", field: "bio") == "Two\nlines")
        // Invisible fillers, emoji glue outside an emoji, private use, noncharacters, a lone mark.
        for name in [
            "\u{3164}", "\u{115F}", "a\u{3164}b", "😀\u{E0069}\u{E0067}", "👨\u{200D}<", "👨\u{200D}a",
            "👨" + String(repeating: "\u{200D}", count: 30), "a" + String(repeating: "\u{FE0F}", count: 30),
            "\u{E000}x", "\u{301}", "a\u{34F}b",
        ] + [0xFFFF, 0xFDD0].compactMap { Unicode.Scalar($0).map { "x" + String($0) } } {
            #expect(throws: HabitsError.self, "\(name.debugDescription)") { try ResourceRules.name(name) }
        }
        // What emoji need stays: joiners, skin tones, variation selectors, keycaps, a flag's tags.
        for name in ["👨‍👩‍👧", "🏳️‍🌈", "🧑🏽‍🦰", "❤️", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Zoë", "명상 🧘", "Ana e\u{301}"] {
            #expect(try ResourceRules.name(name) == name.precomposedStringWithCanonicalMapping, "\(name)")
        }
        #expect(throws: HabitsError.self) { try ResourceRules.name("Two\nlines") }
        // Blanks that make one name look like another: the braille blank and the Hangul fillers.
        for name in ["alice\u{2800}", "\u{2800}alice", "al\u{2800}ice", "alice\u{FFA0}", "alice\u{3164}"] {
            #expect(throws: HabitsError.self, "\(name.debugDescription)") { try ResourceRules.name(name) }
        }
        // Braille art stays welcome where text runs over lines.
        #expect(try ResourceRules.text("\u{2800}\u{28FF}\u{2800}", field: "bio") == "\u{2800}\u{28FF}\u{2800}")
    }

    @Test func resourceAndHelpRulesAgree() throws {
        // The same text gets the same verdict as a user's name and as a help tag's (both one line).
        forEachSeed(count: UInt64(200)) { seed in
            var generator = SeededRandom(seed: seed)
            let raw = HostileText.random(using: &generator, maximumPieces: 12)
            let asName = try? ResourceRules.name(raw)
            let asTag = try? HelpRules.checked(HelpTag(id: 0, name: raw)).name
            if let asName, asName.unicodeScalars.count <= HelpRules.tagNameLengths.upperBound {
                #expect(asTag == asName, "seed \(seed)")
            }
            if let asTag { #expect(asName == asTag, "seed \(seed)") }
        }
    }
}
