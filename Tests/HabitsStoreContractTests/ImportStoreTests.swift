import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

/// Imports into an account: all or nothing, idempotent, and leaving counters, days and streaks as if every
/// log, skip, note and favourite had been written one by one.
@Suite struct ImportStoreTests {
    /// Ada (in UTC) in a fixture store, with the habits she imports into.
    struct Account {
        var store: any HabitStore
        var user: Int64
        var run: Int64
        var read: Int64
        var category: Int64
    }

    /// What an import must leave alone when it is refused.
    struct Snapshot: Equatable {
        var logs: [Date]
        var habits: [Habit]
        var favorites: [Int64]
        var runDays: [HabitDay]
        var runCount: Int
    }

    static let now = Fixture.now  // 2026-11-22T17:20:15Z

    static func day(_ text: String) -> LocalDay { DayStoreTests.day(text) }

    static func log(_ habit: Int, _ instant: String) -> ImportedLog {
        ImportedLog(habit: habit, timestamp: Fixture.instant(instant))
    }

    static func account(_ implementation: StoreImplementation) async throws -> Account {
        let store = try await implementation.makeFixture()
        let user = try await store.createUser(
            User(id: 0, key: "ada", name: "Ada", color: nil, bio: nil, timeZone: "UTC", locale: "en_US"))
        let category = try #require(try await store.categories(page: PageRequest(limit: 1)).items.first).id
        return Account(
            store: store, user: user.id, run: try await habitID(store, named: "Run"),
            read: try await habitID(store, named: "Read"), category: category)
    }

    /// A habit done twice a day, with everything a new habit of one's own keeps; `owner`'s own if given.
    static func stretch(_ category: Int64, named name: String = "Stretch", owner: Int64? = nil) -> Habit {
        Habit(
            id: 0, name: name, categoryID: category, info: "Before breakfast", emoji: "🧘",
            schedule: HabitSchedule(kind: .daily, timesPerDay: 2), ownerID: owner,
            visibility: owner == nil ? .shared : .personal, reminder: ReminderTime(hour: 7, minute: 30))
    }

    /// Run (existing) and Stretch (`second`): a duplicate log, skips on done and undone days, notes, a favourite.
    static func sample(_ account: Account, second: ImportedHabit) -> AccountImport {
        AccountImport(
            habits: [.existing(id: account.run), second],
            logs: [
                log(0, "2026-11-18T08:00:00Z"), log(0, "2026-11-19T08:00:00Z"),
                // Within the same millisecond as the one before: one log.
                ImportedLog(habit: 0, timestamp: Fixture.instant("2026-11-19T08:00:00Z").addingTimeInterval(0.0003)),
                log(0, "2026-11-20T08:00:00Z"),
                log(1, "2026-11-20T07:00:00Z"), log(1, "2026-11-20T19:00:00Z"), log(1, "2026-11-21T07:00:00Z"),
            ],
            days: [
                ImportedDay(habit: 0, day: day("2026-11-21"), skipped: true, note: nil),
                ImportedDay(habit: 0, day: day("2026-11-20"), skipped: true, note: "Rain"),  // done: no skip
                ImportedDay(habit: 1, day: day("2026-11-20"), skipped: false, note: "Felt good"),
                ImportedDay(habit: 1, day: day("2026-11-21"), skipped: true, note: nil),  // 1 log of 2
                ImportedDay(habit: 1, day: day("2026-11-20"), skipped: true, note: nil),  // 2 logs of 2
                ImportedDay(habit: 1, day: day("2026-11-10"), skipped: false, note: ""),
            ],
            favoriteHabitIDs: [account.read])
    }

    static func snapshot(_ account: Account) async throws -> Snapshot {
        let store = account.store
        return Snapshot(
            logs: try await store.logs(userID: account.user, in: TimeRange(), page: PageRequest(limit: 100)).items
                .map(\.timestamp),
            habits: try await store.habits(page: PageRequest(limit: 100)).items,
            favorites: try await store.favorites(userID: account.user, page: PageRequest(limit: 100)).items.map(\.id),
            runDays: try await store.habitDays(
                userID: account.user, habitID: account.run, from: day("2026-11-01"), through: day("2026-11-30")),
            runCount: try await count(store, account.user, account.run))
    }

    /// Everything a screen reads of a habit's days, for comparing two stores.
    static func days(_ account: Account, _ habit: Int64) async throws -> [String] {
        let (store, user) = (account.store, account.user)
        let first = day("2026-11-01")
        let last = day("2026-11-22")
        return [
            "\(try await store.streak(userID: user, habitID: habit, now: now))",
            "\(try await store.habitDays(userID: user, habitID: habit, from: first, through: last))",
            "\(try await store.doneDays(userID: user, habitID: habit, from: first, through: last))",
            "\(try await count(store, user, habit))",
        ]
    }

    @Test(arguments: StoreImplementation.allCases)
    func anImportWritesWhatWritingEachPartWould(implementation: StoreImplementation) async throws {
        let account = try await Self.account(implementation)
        let summary = try await account.store.importAccountData(
            Self.sample(account, second: .new(Self.stretch(account.category))), userID: account.user, now: Self.now)
        var expected = ImportSummary()
        (expected.habitsCreated, expected.habitsMatched) = (1, 1)
        (expected.logsAdded, expected.logsAlreadyThere) = (6, 1)
        (expected.skipsAdded, expected.skipsIgnored) = (2, 2)
        (expected.notesSet, expected.favoritesAdded) = (2, 1)
        #expect(summary == expected)
        let created = try await account.store.habits(page: PageRequest(limit: 100)).items.filter {
            $0.name == "Stretch"
        }
        var stretch = Self.stretch(account.category, owner: account.user)
        stretch.id = try #require(created.first).id
        #expect(created == [stretch])

        // The same account written one part at a time, through the ordinary writes.
        let reference = try await Self.account(implementation)
        let store = reference.store
        let own = try await store.createHabit(Self.stretch(reference.category, owner: reference.user))
        let distinct = ["2026-11-18T08:00:00Z", "2026-11-19T08:00:00Z", "2026-11-20T08:00:00Z"].map {
            LogDraft(userID: reference.user, habitID: reference.run, timestamp: Fixture.instant($0))
        } + ["2026-11-20T07:00:00Z", "2026-11-20T19:00:00Z", "2026-11-21T07:00:00Z"].map {
            LogDraft(userID: reference.user, habitID: own.id, timestamp: Fixture.instant($0))
        }
        _ = try await store.createLogs(distinct)
        let (user, now) = (reference.user, Self.now)
        try await store.setSkipped(userID: user, habitID: reference.run, day: Self.day("2026-11-21"), true, now: now)
        try await store.setSkipped(userID: user, habitID: own.id, day: Self.day("2026-11-21"), true, now: now)
        try await store.setNote(userID: user, habitID: reference.run, day: Self.day("2026-11-20"), "Rain", now: now)
        try await store.setNote(userID: user, habitID: own.id, day: Self.day("2026-11-20"), "Felt good", now: now)
        try await store.setFavorite(userID: user, habitID: reference.read, true)

        #expect(try await Self.days(account, account.run) == (try await Self.days(reference, reference.run)))
        #expect(try await Self.days(account, stretch.id) == (try await Self.days(reference, own.id)))
        let imported = try await Self.snapshot(account)
        let written = try await Self.snapshot(reference)
        #expect(imported.logs == written.logs && imported.logs.count == 6)
        #expect(imported.favorites == [account.read] && written.favorites == [reference.read])
        #expect(try await account.store.readScreens { try await $0.counts(userID: account.user) }.count == 2)
    }

    @Test(arguments: StoreImplementation.allCases)
    func importingTwiceAddsNothing(implementation: StoreImplementation) async throws {
        let account = try await Self.account(implementation)
        let store = account.store
        _ = try await store.importAccountData(
            Self.sample(account, second: .new(Self.stretch(account.category))), userID: account.user, now: Self.now)
        let stretch = try await habitID(store, named: "Stretch")
        let before = try await Self.snapshot(account)
        let stretchDays = try await Self.days(account, stretch)
        // The reader matched the name this time.
        let again = try await store.importAccountData(
            Self.sample(account, second: .existing(id: stretch)), userID: account.user, now: Self.now)
        var expected = ImportSummary()
        (expected.habitsMatched, expected.logsAlreadyThere, expected.skipsIgnored) = (2, 7, 2)
        #expect(again == expected)
        #expect(try await Self.snapshot(account) == before)
        #expect(try await Self.days(account, stretch) == stretchDays)
    }

    @Test(arguments: StoreImplementation.allCases)
    func aRefusedImportWritesNothing(implementation: StoreImplementation) async throws {
        let account = try await Self.account(implementation)
        let store = account.store
        let bob = try await store.createUser(newUser("bob")).id
        let bobsHabit = try await store.createHabit(Self.stretch(account.category, named: "Bob's", owner: bob)).id
        _ = try await store.createHabit(Self.stretch(account.category, owner: account.user))
        // Fine by itself: each refused import below adds one fault to it.
        let good = AccountImport(
            habits: [.existing(id: account.run), .new(Self.stretch(account.category, named: "Yoga"))],
            logs: [Self.log(0, "2026-11-20T08:00:00Z"), Self.log(1, "2026-11-21T08:00:00Z")],
            days: [ImportedDay(habit: 0, day: Self.day("2026-11-19"), skipped: true, note: "Tired")],
            favoriteHabitIDs: [account.read])
        func with(_ change: (inout AccountImport) -> Void) -> AccountImport {
            var data = good
            change(&data)
            return data
        }
        let notFound = { (id: Int64) in HabitsError.notFound(kind: .habit, id: String(id)) }
        let refused: [(String, AccountImport, (HabitsError) -> Bool)] = [
            ("unknown habit", with { $0.habits.append(.existing(id: 9_999)) }, { $0 == notFound(9_999) }),
            ("another's own", with { $0.habits.append(.existing(id: bobsHabit)) }, { $0 == notFound(bobsHabit) }),
            ("own favourite", with { $0.favoriteHabitIDs.append(bobsHabit) }, { $0 == notFound(bobsHabit) }),
            ("unknown favourite", with { $0.favoriteHabitIDs.append(9_999) }, { $0 == notFound(9_999) }),
            ("log index", with { $0.logs.append(Self.log(2, "2026-11-20T09:00:00Z")) }, Self.invalid("habit")),
            (
                "day index", with { $0.days.append(ImportedDay(habit: -1, day: Self.day("2026-11-20"),
                    skipped: true, note: nil)) }, Self.invalid("habit")
            ),
            (
                "future day", with { $0.days.append(ImportedDay(habit: 1, day: Self.day("2026-11-23"),
                    skipped: false, note: "Soon")) }, { $0 == .futureDay(Self.day("2026-11-23")) }
            ),
            (
                "future log",
                with { $0.logs.append(ImportedLog(habit: 0, timestamp: Self.now.addingTimeInterval(6 * 60))) },
                Self.invalid("timestamp")
            ),
            ("name taken", with { $0.habits.append(.new(Self.stretch(account.category, named: "STRETCH"))) }, {
                if case .conflict = $0 { true } else { false }
            }),
        ]
        let before = try await Self.snapshot(account)
        for (fault, data, expected) in refused {
            let error = await #expect(throws: HabitsError.self, "\(fault)") {
                try await store.importAccountData(data, userID: account.user, now: Self.now)
            }
            #expect(error.map(expected) == true, "\(fault): \(String(describing: error))")
            #expect(try await Self.snapshot(account) == before, "\(fault)")
        }
        // A log five minutes ahead is clock skew, not the future; the good import goes through.
        let summary = try await store.importAccountData(
            with { $0.logs.append(ImportedLog(habit: 0, timestamp: Self.now.addingTimeInterval(5 * 60))) },
            userID: account.user, now: Self.now)
        #expect(summary.habitsCreated == 1 && summary.logsAdded == 3 && summary.skipsAdded == 1)
    }

    static func invalid(_ field: String) -> (HabitsError) -> Bool {
        { error in
            if case .invalid(let named, _) = error { named == field } else { false }
        }
    }

    @Test(arguments: StoreImplementation.allCases)
    func importedSkipsAreHistoryBeyondThreeAMonth(implementation: StoreImplementation) async throws {
        let account = try await Self.account(implementation)
        let skipped = (2...6).map { Self.day("2026-11-0\($0)") }
        let summary = try await account.store.importAccountData(
            AccountImport(
                habits: [.existing(id: account.run)], logs: [],
                days: skipped.map { ImportedDay(habit: 0, day: $0, skipped: true, note: nil) }, favoriteHabitIDs: []),
            userID: account.user, now: Self.now)
        #expect(summary.skipsAdded == 5 && summary.skipsIgnored == 0)
        let days = try await account.store.habitDays(
            userID: account.user, habitID: account.run, from: Self.day("2026-11-01"), through: Self.day("2026-11-30"))
        #expect(days.filter(\.isSkipped).map(\.day) == skipped)
        // A new skip still obeys the rule.
        await #expect(throws: HabitsError.self) {
            try await account.store.setSkipped(
                userID: account.user, habitID: account.run, day: Self.day("2026-11-09"), true, now: Self.now)
        }
    }

    /// An account's whole history at once (the timing is the release build's concern, not this test's):
    /// every log lands once, and a second run finds every one already there.
    @Test(arguments: StoreImplementation.allCases)
    func aLargeImportIsOneBatch(implementation: StoreImplementation) async throws {
        let account = try await Self.account(implementation)
        let store = account.store
        let start = Fixture.instant("2024-01-01T00:00:00Z")
        let total = 100_000
        // A log every five minutes over four habits: 72 a day per habit, over about 347 days.
        let data = AccountImport(
            habits: [
                .existing(id: account.run), .existing(id: account.read),
                .new(Self.stretch(account.category, named: "A")), .new(Self.stretch(account.category, named: "B")),
            ],
            logs: (0..<total).map { ImportedLog(habit: $0 % 4, timestamp: start + Double($0) * 300) },
            days: [], favoriteHabitIDs: [])
        let summary = try await store.importAccountData(data, userID: account.user, now: Self.now)
        #expect(summary.logsAdded == total && summary.logsAlreadyThere == 0)
        let again = try await store.importAccountData(
            AccountImport(
                habits: [
                    .existing(id: account.run), .existing(id: account.read),
                    .existing(id: try await habitID(store, named: "A")),
                    .existing(id: try await habitID(store, named: "B")),
                ], logs: data.logs, days: [], favoriteHabitIDs: []),
            userID: account.user, now: Self.now)
        #expect(again.logsAdded == 0 && again.logsAlreadyThere == total)
        #expect(try await count(store, account.user, account.run) == total / 4)
        let done = try await store.doneDays(
            userID: account.user, habitID: account.run, from: Self.day("2024-01-01"), through: Self.day("2024-12-31"))
        #expect(done.count == (total / 4 + 71) / 72)  // the last day holds fewer logs, but one is enough
        #expect(try await store.streak(userID: account.user, habitID: account.run, now: start + 2 * 86_400).current
            == 3)
    }

    @Test(arguments: StoreImplementation.allCases)
    func notesAreBoundedPerAccountAndAnImportPastTheBoundWritesNone(
        implementation: StoreImplementation
    ) async throws {
        let account = try await Self.account(implementation)
        let store = account.store
        let bound = AccountRules.maximumNotes
        let first = Self.day("2026-11-22").number - bound
        func notes(_ days: Range<Int>, habit: Int = 0) -> AccountImport {
            AccountImport(
                habits: [.existing(id: account.run), .existing(id: account.read)], logs: [],
                days: days.map {
                    ImportedDay(habit: habit, day: LocalDay(number: first + $0), skipped: false, note: "n")
                },
                favoriteHabitIDs: [])
        }
        // Up to the bound, in two imports; one more is refused, and so is an import that would pass it.
        _ = try await store.importAccountData(notes(0..<(bound - 1)), userID: account.user, now: Self.now)
        await #expect(throws: StoreRefusal.noteLimit) {
            try await store.importAccountData(notes(0..<2, habit: 1), userID: account.user, now: Self.now)
        }
        let readDays = try await store.habitDays(
            userID: account.user, habitID: account.read, from: LocalDay(number: first),
            through: LocalDay(number: first + 2))
        #expect(readDays.allSatisfy { $0.note == nil }, "the refused import left a note")
        _ = try await store.importAccountData(notes(0..<1, habit: 1), userID: account.user, now: Self.now)
        await #expect(throws: StoreRefusal.noteLimit) {
            try await store.setNote(
                userID: account.user, habitID: account.read, day: LocalDay(number: first + 5), "one more",
                now: Self.now)
        }
        // Changing a note the account holds, or taking one back, is always possible.
        try await store.setNote(
            userID: account.user, habitID: account.run, day: LocalDay(number: first), "changed", now: Self.now)
        try await store.setNote(
            userID: account.user, habitID: account.run, day: LocalDay(number: first + 1), nil, now: Self.now)
        try await store.setNote(
            userID: account.user, habitID: account.read, day: LocalDay(number: first + 5), "now it fits",
            now: Self.now)
    }
}
