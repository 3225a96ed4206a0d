import Foundation
@testable import HabitsDomain
import Testing

/// Input that is valid JSON but wrong: refused with a clear reason.
@Suite struct InputHardeningTests {
    @Test func anEmojiPaddedWithCombiningMarksIsRefused() throws {
        let padded = "🏃" + String(repeating: "\u{301}", count: 20_000)
        #expect(throws: HabitsError.self) { try ResourceRules.emoji(padded) }
        #expect(throws: HabitsError.self) { try ResourceRules.emoji("🏃\u{301}") }
        #expect(try ResourceRules.emoji("🏃") == "🏃")
        let family = "👨🏽‍👩🏽‍👧🏽"
        #expect(try ResourceRules.emoji(family) == family)
        #expect(try ResourceRules.emoji("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == "🏴󠁧󠁢󠁳󠁣󠁴󠁿")
    }

    @Test(arguments: ["Ru\u{200B}n", "Run\u{202E}nuR", "Read\u{2028}ing", "Sw\u{2029}im", "\u{FEFF}Yoga", "A\u{2066}B"])
    func namesRefuseInvisibleAndDirectionChangingCharacters(name: String) {
        #expect(throws: HabitsError.self) { try ResourceRules.name(name) }
    }

    @Test func namesKeepEmojiSequencesAndOrdinaryScripts() throws {
        for name in ["👨‍👩‍👧 Family time", "명상하기", "Café au lait", "קריאה", "🏳️‍🌈 Pride walk"] {
            #expect(try ResourceRules.name(name) == name.precomposedStringWithCanonicalMapping)
        }
    }

    @Test func foldingMakesCaseBeyondASCIIOneKey() {
        #expect(ResourceRules.foldedName("Éclair") == ResourceRules.foldedName("éclair"))
        #expect(ResourceRules.foldedName("E\u{301}CLAIR") == ResourceRules.foldedName("éclair"))
        #expect(ResourceRules.foldedName("Straße") == ResourceRules.foldedName("STRASSE"))
        #expect(ResourceRules.foldedName("Run") != ResourceRules.foldedName("Ran"))
    }

    @Test func dotKeysAreRefused() throws {
        #expect(throws: HabitsError.self) { try ResourceRules.key(".") }
        #expect(throws: HabitsError.self) { try ResourceRules.key("..") }
        #expect(try ResourceRules.key("...") == "...")
        #expect(try ResourceRules.key(".hidden") == ".hidden")
    }

    @Test func responsesKeepMilliseconds() throws {
        let data = try HabitsJSON.encoder().encode(["at": Date(timeIntervalSince1970: 1_795_368_015.75)])
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2026-11-22T17:20:15.750Z"}"#)
        let whole = try HabitsJSON.encoder().encode(["at": Date(timeIntervalSince1970: 1_795_368_015)])
        #expect(String(decoding: whole, as: UTF8.self) == #"{"at":"2026-11-22T17:20:15Z"}"#)
        for text in [
            "2026-11-22T17:20:15.750Z", "2026-11-22T17:20:15.001Z", "2026-11-22T17:20:15.999Z",
            "1969-12-31T23:59:59.001Z",
        ] {
            let parsed = try #require(HabitsJSON.parseInstant(text))
            #expect(HabitsJSON.formatInstant(parsed) == text)
        }
        for milliseconds in stride(from: 1_795_368_015_000 as Int64, to: 1_795_368_016_000, by: 1) {
            let text = HabitsJSON.formatInstant(Date(timeIntervalSince1970: Double(milliseconds) / 1_000))
            #expect(
                HabitsJSON.parseInstant(text).map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) }
                    == milliseconds)
        }
    }
}

@Suite struct ExcerptTests {
    @Test func aLongValueIsQuotedCutAndAShortOneWhole() {
        #expect(Excerpt.quoted("Drink water") == "\"Drink water\"")
        let long = String(repeating: "x", count: 2 << 20)
        let quoted = Excerpt.quoted(long)
        #expect(quoted.count == Excerpt.maximumCharacters + 2)
        #expect(quoted.hasSuffix("…\""))
        // Characters, not bytes: a family emoji is never cut in half.
        let family = String(repeating: "👨‍👩‍👧", count: 50)
        #expect(Excerpt.quoted(family).dropFirst().dropLast().allSatisfy { $0 == "👨‍👩‍👧" || $0 == "…" })
    }

    @Test func anUnknownIdIsQuotedShort() {
        let message = HabitsError.notFound(kind: .user, id: String(repeating: "a", count: 10_000)).message
        #expect(message.count < 80)
    }
}
