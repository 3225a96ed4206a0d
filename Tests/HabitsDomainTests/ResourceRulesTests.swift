import HabitsDomain
import Testing

@Suite struct ResourceRulesTests {
    @Test func namesAreTrimmedAndNormalisedToNFC() throws {
        let decomposed = "Cafe\u{301}"
        #expect(try ResourceRules.name("  \(decomposed) ") == "Caf\u{E9}")
        #expect(try ResourceRules.name("Caf\u{E9}").unicodeScalars.count == 4)
    }

    @Test func namesMustHoldOneToAHundredCharacters() {
        #expect(throws: HabitsError.self) { try ResourceRules.name("   ") }
        #expect(throws: HabitsError.self) { try ResourceRules.name(String(repeating: "a", count: 101)) }
        #expect((try? ResourceRules.name(String(repeating: "a", count: 100))) != nil)
    }

    @Test func habitNamesMustNotContainCommas() throws {
        let habit = Habit(id: 0, name: "Walk 10,000 steps", categoryID: 1, info: "", emoji: nil)
        #expect(throws: HabitsError.self) { try ResourceRules.checked(habit) }
        var plain = habit
        plain.name = "Walk 10k steps"
        #expect(try ResourceRules.checked(plain).name == "Walk 10k steps")
    }
}
