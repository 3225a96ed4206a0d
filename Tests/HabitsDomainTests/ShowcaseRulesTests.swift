import Foundation
import HabitsDomain
import Testing

@Suite struct ShowcaseRulesTests {
    @Test func questionsHoldOneToTwoThousandCharactersAfterTrimming() throws {
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question can't be empty.")) {
            try ShowcaseRules.question("")
        }
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question can't be empty.")) {
            try ShowcaseRules.question(" \n\t  ")
        }
        let longest = String(repeating: "a", count: 2_000)
        #expect(try ShowcaseRules.question("  " + longest + "\n") == longest)
        #expect(throws: HabitsError.invalid(field: "question", reason: "The question is longer than 2,000 characters."))
        {
            try ShowcaseRules.question(longest + "b")
        }
    }

    @Test func lengthsCountUnicodeScalarsInNFC() throws {
        // 가 is one scalar (three UTF-8 bytes); a decomposed syllable is two scalars until NFC makes it one;
        // a family emoji is five scalars (three people joined by two ZWJs).
        let korean = String(repeating: "가", count: 2_000)
        #expect(try ShowcaseRules.question(korean).count == 2_000)
        let decomposed = String(repeating: "\u{1100}\u{1161}", count: 2_000)
        #expect(try ShowcaseRules.question(decomposed) == korean, "stored in NFC")
        let family = String(repeating: "👨‍👩‍👧", count: 400)
        #expect(try ShowcaseRules.question(family) == family)
        #expect(throws: HabitsError.self) { try ShowcaseRules.question(korean + "나") }
        #expect(throws: HabitsError.self) { try ShowcaseRules.question(family + "🏃") }
        #expect(throws: HabitsError.self) { try ShowcaseRules.question("Why\u{0}?") }
        #expect(try ShowcaseRules.question("Line one\nline two") == "Line one\nline two")
        #expect(try ShowcaseRules.question("Line one\r\nline two") == "Line one\nline two")
    }

    @Test func aHelpTagOfFortyCharactersCannotHideThousandsOfMarks() {
        // What a "1 to 40 character" tag held before lengths counted scalars.
        let padded = "a" + String(repeating: "\u{301}", count: 30_000)
        #expect(throws: HabitsError.self) { try ShowcaseRules.checked(HelpTag(id: 0, name: padded)) }
        let marks = "a" + String(repeating: "\u{301}", count: 39)
        #expect((try? ShowcaseRules.checked(HelpTag(id: 0, name: marks))) != nil)
    }

    @Test func answersAndStarsAndPrograms() throws {
        #expect(try ShowcaseRules.answer("  ") == nil)
        #expect(try ShowcaseRules.answer(String(repeating: "x", count: 10_000))?.count == 10_000)
        #expect(throws: HabitsError.self) { try ShowcaseRules.answer(String(repeating: "x", count: 10_001)) }
        #expect(try ShowcaseRules.stars(1) == 1 && ShowcaseRules.stars(5) == 5)
        #expect(throws: HabitsError.invalid(field: "stars", reason: "must be a whole number from 1 to 5 (got 0).")) {
            try ShowcaseRules.stars(0)
        }
        let price = Price(minorUnits: 0, currency: "KRW")
        let draft = ProgramDraft(title: "  Calm  ", author: "Mina", categoryID: 1, price: price, habitIDs: [3, 1])
        let program = try draft.program(createdAt: Date(timeIntervalSince1970: 0))
        #expect(program.title == "Calm" && program.summary == "" && !program.featured && program.habitIDs == [3, 1])
        var repeated = draft
        repeated.habitIDs = [1, 1]
        #expect(throws: HabitsError.invalid(field: "habitIDs", reason: "must not repeat an id.")) {
            try repeated.program(createdAt: Date())
        }
        var long = draft
        long.title = String(repeating: "t", count: 121)
        #expect(throws: HabitsError.self) { try long.program(createdAt: Date()) }
        var emptyTag = draft
        emptyTag.tag = " "
        #expect(throws: HabitsError.self) { try emptyTag.program(createdAt: Date()) }
        var many = draft
        many.habitIDs = Array(1...21)
        #expect(throws: HabitsError.self) { try many.program(createdAt: Date()) }
    }

    @Test func programJSONNamesItsPictureAndRating() throws {
        let program = Program(
            id: 7, title: "T", author: "A", summary: "", categoryID: 1, price: Price(minorUnits: 1999, currency: "USD"),
            tag: "New", habitIDs: [], featured: true, createdAt: Date(timeIntervalSince1970: 0),
            rating: RatingSummary(count: 2, starTotal: 9))
        let data = try HabitsJSON.encoder().encode(program)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["image"] as? String == "/images/programs/7")
        #expect((object["rating"] as? [String: Any])?["average"] as? Double == 4.5)
        #expect((object["price"] as? [String: Any])?["amount"] as? String == "19.99")
        #expect(try HabitsJSON.decoder().decode(Program.self, from: data) == program)
    }

    @Test func generatedProgramPicturesAreDeterministicValidPNGs() throws {
        let color = Color(hue: 0.3, saturation: 0.6, brightness: 0.85)
        let first = ProgramArt.png(programID: 12, color: color)
        #expect(first == ProgramArt.png(programID: 12, color: color))
        #expect(first != ProgramArt.png(programID: 13, color: color))
        let size = try PNGCheck.dimensions(of: first)
        #expect(size.width == ProgramArt.width && size.height == ProgramArt.height)
        #expect(first.count < 12_000, "two bits a pixel: \(first.count) bytes")
    }

    @Test func pngCheckRefusesWhatIsNotAWholePNG() throws {
        let png = Avatar.png(for: CourseAPI.User(id: "a", name: "A", color: nil, bio: nil), size: 8)
        #expect(try PNGCheck.dimensions(of: png) == (8, 8))
        #expect(throws: HabitsError.self) { try PNGCheck.dimensions(of: Array(png.dropLast(3))) }
        #expect(throws: HabitsError.self) { try PNGCheck.dimensions(of: png + [0]) }
        var corrupt = png
        corrupt[20] ^= 0xFF
        #expect(throws: HabitsError.self) { try PNGCheck.dimensions(of: corrupt) }
        #expect(throws: HabitsError.self) { try PNGCheck.dimensions(of: Array("GIF89a".utf8)) }
        #expect(throws: HabitsError.self) { try PNGCheck.dimensions(of: []) }
    }
}
