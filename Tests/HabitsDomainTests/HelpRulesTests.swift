import Foundation
import HabitsDomain
import Testing

@Suite struct HelpRulesTests {
    @Test func questionsHoldOneToTwoThousandCharactersAfterTrimming() throws {
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question can't be empty.")) {
            try HelpRules.question("")
        }
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question can't be empty.")) {
            try HelpRules.question(" \n\t  ")
        }
        let longest = String(repeating: "a", count: 2_000)
        #expect(try HelpRules.question("  " + longest + "\n") == longest)
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question is longer than 2,000 characters."))
        {
            try HelpRules.question(longest + "b")
        }
    }

    @Test func lengthsCountUnicodeScalarsInNFC() throws {
        // 가 is one scalar (three UTF-8 bytes); a decomposed syllable is two scalars until NFC makes it one;
        // a family emoji is five scalars (three people joined by two ZWJs).
        let korean = String(repeating: "가", count: 2_000)
        #expect(try HelpRules.question(korean).count == 2_000)
        let decomposed = String(repeating: "\u{1100}\u{1161}", count: 2_000)
        #expect(try HelpRules.question(decomposed) == korean, "stored in NFC")
        let family = String(repeating: "👨‍👩‍👧", count: 400)
        #expect(try HelpRules.question(family) == family)
        #expect(throws: HabitsError.self) { try HelpRules.question(korean + "나") }
        #expect(throws: HabitsError.self) { try HelpRules.question(family + "🏃") }
        #expect(throws: HabitsError.self) { try HelpRules.question("Why\u{0}?") }
        #expect(try HelpRules.question("Line one\nline two") == "Line one\nline two")
        #expect(try HelpRules.question("Line one\r\nline two") == "Line one\nline two")
    }

    @Test func aHelpTagOfFortyCharactersCannotHideThousandsOfMarks() {
        // What a "1 to 40 character" tag held before lengths counted scalars.
        let padded = "a" + String(repeating: "\u{301}", count: 30_000)
        #expect(throws: HabitsError.self) { try HelpRules.checked(HelpTag(id: 0, name: padded)) }
        let marks = "a" + String(repeating: "\u{301}", count: 39)
        #expect((try? HelpRules.checked(HelpTag(id: 0, name: marks))) != nil)
    }

    @Test func answersHoldAtMostTenThousandCharactersAndBlankMeansNone() throws {
        #expect(try HelpRules.answer("  ") == nil)
        #expect(try HelpRules.answer(String(repeating: "x", count: 10_000))?.count == 10_000)
        #expect(throws: HabitsError.self) { try HelpRules.answer(String(repeating: "x", count: 10_001)) }
    }
}
