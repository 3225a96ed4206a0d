import Foundation
import HabitsDomain
import HabitsStore
import Testing

/// The rules every store applies, alone: no database, each decision from its facts.
@Suite struct DayEntryRuleTests {
    let day = LocalDay(year: 2026, month: 3, day: 12)!

    @Test func aDayNotYetDoneWithRoomInItsMonthMayBeSkipped() throws {
        try DayEntryRule.checkSkip(.init(day: day, target: 2, logsOnDay: 1, skippedElsewhereInMonth: 2))
    }

    @Test func aDoneDayIsAConflictNamingTheDay() {
        #expect(throws: StoreRefusal.dayIsDone(day)) {
            try DayEntryRule.checkSkip(.init(day: day, target: 1, logsOnDay: 1, skippedElsewhereInMonth: 0))
        }
        #expect(StoreRefusal.dayIsDone(day).message == "2026-03-12 is done; unmark it before skipping it.")
    }

    @Test func theFourthSkipOfAMonthIsRefusedSayingHowManyThereAre() {
        let facts = DayEntryRule.SkipFacts(
            day: day, target: 1, logsOnDay: 0, skippedElsewhereInMonth: HabitDay.maximumSkipsPerMonth)
        #expect(throws: HabitsError.self) { try DayEntryRule.checkSkip(facts) }
        let refusal = StoreRefusal.skipLimit(day.month, skippedAlready: 3)
        #expect(refusal.code == "invalid")
        #expect(refusal.message.contains("at most 3 days in a calendar month"))
        #expect(refusal.message.contains("has 3 already"))
    }

    @Test func aDoneDayWinsOverAFullMonth() {
        // Both rules broken: the day being done is what the person must change first.
        #expect(throws: StoreRefusal.dayIsDone(day)) {
            try DayEntryRule.checkSkip(.init(day: day, target: 1, logsOnDay: 1, skippedElsewhereInMonth: 9))
        }
    }

    @Test func importedSkipsAreKeptUnlessTheDayIsDone() {
        #expect(DayEntryRule.keepsImportedSkip(logsOnDay: 0, target: 1))
        #expect(DayEntryRule.keepsImportedSkip(logsOnDay: 1, target: 2))
        #expect(!DayEntryRule.keepsImportedSkip(logsOnDay: 2, target: 2))
    }

    @Test func anEmptyNoteRemovesTheNote() {
        #expect(DayEntryRule.note(nil) == nil)
        #expect(DayEntryRule.note("") == nil)
        #expect(DayEntryRule.note("walked") == "walked")
    }
}

@Suite struct CredentialRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theFirstAccountAdministersAndNoOtherDoes() {
        #expect(CredentialRule.role(ofNewAccountAmong: 0) == .administrator)
        #expect(CredentialRule.role(ofNewAccountAmong: 1) == .member)
        #expect(CredentialRule.role(ofNewAccountAmong: 500) == .member)
    }

    @Test func aSessionIdleBeyondItsLimitExpires() {
        let limit: TimeInterval = 3_600
        let seen = now.timeIntervalSince1970
        #expect(CredentialRule.sessionUse(lastSeen: seen - limit - 1, now: now, idleLimit: limit) == .expired)
        #expect(CredentialRule.sessionUse(lastSeen: seen - limit, now: now, idleLimit: limit) == .touch)
    }

    @Test func aSessionIsWrittenDownAtMostOncePerResolution() {
        let seen = now.timeIntervalSince1970
        let resolution = CredentialRule.lastSeenResolution
        #expect(CredentialRule.sessionUse(lastSeen: seen - resolution, now: now, idleLimit: 86_400) == .current)
        #expect(CredentialRule.sessionUse(lastSeen: seen - resolution - 1, now: now, idleLimit: 86_400) == .touch)
    }

    @Test func aTokenNeverUsedIsWrittenDownOnItsFirstUseAndNeverExpires() {
        #expect(CredentialRule.tokenUse(lastUsed: nil, now: now) == .touch)
        #expect(CredentialRule.tokenUse(lastUsed: now.timeIntervalSince1970 - 60, now: now) == .current)
        #expect(CredentialRule.tokenUse(lastUsed: 0, now: now) == .touch)
    }

    @Test func theHundredAndFirstTokenIsRefused() throws {
        try CredentialRule.checkNewToken(held: AccountRules.maximumTokens - 1)
        #expect(throws: StoreRefusal.tokenLimit) { try CredentialRule.checkNewToken(held: AccountRules.maximumTokens) }
        #expect(StoreRefusal.tokenLimit.message == "An account holds at most 100 tokens; revoke one first.")
    }

    @Test func usernamesFoldToLowerCase() {
        #expect(CredentialRule.folded("Ada.Lovelace") == "ada.lovelace")
    }
}

@Suite struct ImportRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func habit(_ id: Int64, owner: Int64?, visibility: HabitVisibility) -> Habit {
        Habit(id: id, name: "h\(id)", categoryID: 1, info: "", emoji: nil, ownerID: owner, visibility: visibility)
    }

    @Test func aLogOrDayNamingAHabitTheImportLacksIsRefusedBeforeWriting() {
        let log = AccountImport(
            habits: [.existing(id: 1)], logs: [ImportedLog(habit: 1, timestamp: now)], days: [], favoriteHabitIDs: [])
        #expect(throws: StoreRefusal.importHabitMissing(1, of: 1)) {
            try ImportRule.checkBeforeWriting(log, now: now)
        }
        let day = AccountImport(
            habits: [], logs: [],
            days: [ImportedDay(habit: 0, day: LocalDay(number: 1), skipped: true, note: nil)], favoriteHabitIDs: [])
        #expect(throws: StoreRefusal.importHabitMissing(0, of: 0)) { try ImportRule.checkBeforeWriting(day, now: now) }
    }

    @Test func aLogInTheFutureIsRefused() {
        let data = AccountImport(
            habits: [.existing(id: 1)], logs: [ImportedLog(habit: 0, timestamp: now.addingTimeInterval(3_600))],
            days: [], favoriteHabitIDs: [])
        #expect(throws: HabitsError.self) { try ImportRule.checkBeforeWriting(data, now: now) }
    }

    @Test func aDayAfterTodayIsAFutureDay() throws {
        let today = LocalDay(number: 20_000)
        let tomorrow = ImportedDay(habit: 0, day: today.adding(days: 1), skipped: false, note: "x")
        let data = AccountImport(habits: [.existing(id: 1)], logs: [], days: [tomorrow], favoriteHabitIDs: [])
        #expect(throws: HabitsError.futureDay(today.adding(days: 1))) { try ImportRule.checkDays(data, today: today) }
        try ImportRule.checkDays(data, today: today.adding(days: 1))
    }

    @Test func anExistingHabitIsTheCataloguesOrTheAccountsOwn() throws {
        #expect(try ImportRule.target(existing: habit(1, owner: nil, visibility: .shared), userID: 7).id == 1)
        #expect(try ImportRule.target(existing: habit(2, owner: 7, visibility: .personal), userID: 7).id == 2)
        #expect(throws: HabitsError.notFound(kind: .habit, id: "3")) {
            try ImportRule.target(existing: habit(3, owner: 8, visibility: .personal), userID: 7)
        }
    }

    @Test func aNewHabitBecomesTheAccountsOwnAfterItsOthers() {
        let made = ImportRule.newHabit(habit(0, owner: 99, visibility: .shared), userID: 7, position: 4)
        #expect(made.ownerID == 7)
        #expect(made.visibility == .personal)
        #expect(made.position == 4)
    }

    @Test func onlyTheCataloguesHabitsAreFavourites() throws {
        try ImportRule.checkFavorite(habit(1, owner: nil, visibility: .shared))
        #expect(throws: HabitsError.notFound(kind: .habit, id: "2")) {
            try ImportRule.checkFavorite(habit(2, owner: 7, visibility: .personal))
        }
    }

    @Test func logsAtAMillisecondAlreadyHeldAreNotAddedAgain() {
        var logs = ImportRule.NewLogs(capacity: 4)
        #expect(logs.needsStored(habitID: 5))
        logs.stored([100.0, 200.0004], habitID: 5)
        #expect(!logs.needsStored(habitID: 5))
        logs.offer(userID: 1, habitID: 5, timestamp: Date(timeIntervalSince1970: 100.0002))  // the same millisecond
        logs.offer(userID: 1, habitID: 5, timestamp: Date(timeIntervalSince1970: 150))
        logs.offer(userID: 1, habitID: 5, timestamp: Date(timeIntervalSince1970: 150))  // twice in the import
        logs.offer(userID: 1, habitID: 6, timestamp: Date(timeIntervalSince1970: 100))  // another habit
        #expect(logs.rows.map(\.timestamp.timeIntervalSince1970) == [150, 100])
        #expect(logs.rows.map(\.habitID) == [5, 6])
        #expect(logs.alreadyThere == 2)
    }
}

@Suite struct ImportOthersRuleTests {
    @Test func theLastStarsGivenAProgramCountInProgramOrder() throws {
        let rated = try ImportRule.ratings([
            ImportedRating(programID: 9, stars: 2), ImportedRating(programID: 3, stars: 5),
            ImportedRating(programID: 9, stars: 4),
        ])
        #expect(rated == [ImportedRating(programID: 3, stars: 5), ImportedRating(programID: 9, stars: 4)])
        #expect(throws: HabitsError.self) { try ImportRule.ratings([ImportedRating(programID: 1, stars: 6)]) }
    }

    @Test func anEqualRatingMovesNothingAndAFirstOneCountsARater() {
        #expect(ImportRule.ratingMove(earlier: 4, stars: 4) == nil)
        #expect(ImportRule.ratingMove(earlier: nil, stars: 4).map { [$0.count, $0.stars] } == [1, 4])
        #expect(ImportRule.ratingMove(earlier: 5, stars: 2).map { [$0.count, $0.stars] } == [0, -3])
    }

    @Test func aQuestionAskedInTheSameWordsIsNotAskedAgain() throws {
        var questions = ImportRule.NewQuestions(asked: ["How do streaks work?"])
        let at = Date(timeIntervalSince1970: 0)
        #expect(try questions.offer(ImportedQuestion(question: "How do streaks work?", askedAt: at)) == nil)
        #expect(try questions.offer(ImportedQuestion(question: "What is a skip?", askedAt: at)) == "What is a skip?")
        #expect(try questions.offer(ImportedQuestion(question: "What is a skip?", askedAt: at)) == nil)
    }
}
