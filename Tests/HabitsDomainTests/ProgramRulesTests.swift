import Foundation
import HabitsDomain
import Testing

@Suite struct ProgramRulesTests {
    @Test func starsAndPrograms() throws {
        #expect(try ProgramRules.stars(1) == 1 && ProgramRules.stars(5) == 5)
        #expect(throws: HabitsError.invalid(field: "stars", reason: "must be a whole number from 1 to 5 (got 0).")) {
            try ProgramRules.stars(0)
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
