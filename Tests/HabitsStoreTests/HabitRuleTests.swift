import Foundation
import HabitsDomain
import HabitsStore
import Testing

/// The bound on an account's habits of its own, alone: no database, each decision from its count.
@Suite struct HabitRuleTests {
    let bound = AccountRules.maximumPersonalHabits

    func habit(owner: Int64?, visibility: HabitVisibility, archived: Bool = false) -> Habit {
        Habit(
            id: 1, name: "h", categoryID: 1, info: "", emoji: nil, ownerID: owner, visibility: visibility,
            isArchived: archived)
    }

    func newHabits(_ count: Int, existing: Int = 0) -> AccountImport {
        let draft = habit(owner: nil, visibility: .personal)
        return AccountImport(
            habits: Array(repeating: .new(draft), count: count) + (0..<existing).map { .existing(id: Int64($0)) },
            logs: [], days: [], favoriteHabitIDs: [])
    }

    @Test func theBoundIsTwoHundred() {
        #expect(bound == 200)
    }

    @Test func theTwoHundredAndFirstPersonalHabitIsRefusedNamingTheBound() throws {
        try HabitRule.checkNewPersonalHabit(held: 0)
        try HabitRule.checkNewPersonalHabit(held: bound - 1)
        #expect(throws: StoreRefusal.personalHabitLimit) { try HabitRule.checkNewPersonalHabit(held: bound) }
        #expect(throws: StoreRefusal.personalHabitLimit) { try HabitRule.checkNewPersonalHabit(held: 1_200) }
        let refusal = StoreRefusal.personalHabitLimit
        #expect(refusal.code == "conflict")
        #expect(
            refusal.message
                == "An account holds at most 200 habits of its own (archived ones count); delete one first.")
    }

    @Test func personalHabitsCountArchivedOrNotAndTheCataloguesDoNot() {
        #expect(HabitRule.counts(habit(owner: 7, visibility: .personal)))
        #expect(HabitRule.counts(habit(owner: 7, visibility: .personal, archived: true)))
        #expect(!HabitRule.counts(habit(owner: 7, visibility: .shared)))  // an administrator's catalogue habit
        #expect(!HabitRule.counts(habit(owner: nil, visibility: .shared)))
    }

    @Test func anImportIsRefusedWhenItsNewHabitsWouldPassTheBound() throws {
        try HabitRule.checkImportedHabits(held: bound - 3, adding: 3)
        #expect(throws: StoreRefusal.importHabitLimit(adding: 4, held: bound - 3)) {
            try HabitRule.checkImportedHabits(held: bound - 3, adding: 4)
        }
        let message = StoreRefusal.importHabitLimit(adding: 4, held: 197).message
        #expect(message.contains("at most 200 habits of its own"))
        #expect(message.contains("would add 4 to the 197 it holds"))
        #expect(message.hasSuffix("Nothing was imported."))
    }

    @Test func anImportMakingNoHabitIsNeverRefusedForTheBound() throws {
        // An account past the bound from before it keeps importing logs into the habits it has.
        try HabitRule.checkImportedHabits(held: 1_200, adding: 0)
        try HabitRule.checkImportedHabits(held: nil, adding: 0)
    }

    @Test func anImportOfMoreNewHabitsThanTheBoundIsRefusedBeforeWriting() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ImportRule.newHabitCount(newHabits(3, existing: 5)) == 3)
        try ImportRule.checkBeforeWriting(newHabits(bound, existing: 40), now: now)
        #expect(throws: StoreRefusal.importHabitLimit(adding: 1_000, held: nil)) {
            try ImportRule.checkBeforeWriting(newHabits(1_000), now: now)
        }
        #expect(!StoreRefusal.importHabitLimit(adding: 1_000, held: nil).message.contains("it holds"))
    }
}
