import Foundation
import HabitsDomain
import HabitsStore

/// Reads what an account owns for its export: everything but the logs from one snapshot of the store, the
/// logs afterwards, page by page, so that an export of years of logs never holds them all.
struct AccountExportReader: Sendable {
    let store: any HabitStore
    let userID: Int64
    let now: Date

    /// Everything but the logs, and the `ref` of each habit id.
    struct Head: Sendable {
        var export: AccountExport
        var refs: [Int64: Int]
    }

    /// The first day a stored day can be: the days listing needs a start.
    static let firstDay = LocalDay(number: LocalDay(year: 1, month: 1, day: 1)?.number ?? -719_162)
    /// Logs read per page.
    static let logPage = PageRequest(limit: PageRequest.maximumLimit)

    /// - Complexity: O(h + d) reads for h habits used and d days with a skip or a note, none of the logs.
    func head() async throws -> Head {
        let account = try await store.account(userID: userID)
        let userID = userID
        let now = now
        var head = try await store.readScreens { source in
            let categories = Dictionary(try await source.categories().map { ($0.id, $0.name) }) { first, _ in first }
            let habits = Dictionary(try await source.habits().map { ($0.id, $0) }) { first, _ in first }
            let own = try await source.ownHabits(ownerID: userID)
            let favorites = try await source.favoriteHabitIDs(userID: userID)
            let logged = try await source.counts(userID: userID)
            // Own habits in the owner's order, then the catalogue habits used, by name then id.
            let used = Set(favorites).union(logged.keys).subtracting(own.map(\.id))
            let others = used.compactMap { habits[$0] }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            var refs: [Int64: Int] = [:]
            var exported: [ExportedHabit] = []
            for habit in own + others {
                let ref = exported.count + 1
                refs[habit.id] = ref
                exported.append(
                    ExportedHabit(
                        ref: ref, own: habit.ownerID == userID, name: habit.name,
                        category: categories[habit.categoryID] ?? "", info: habit.info, emoji: habit.emoji,
                        schedule: habit.schedule, reminder: habit.reminder, archived: habit.isArchived))
            }
            let zone = account.user.zone
            let today = LocalDay(now, in: zone)
            var days: [ExportedDay] = []
            for habit in own + others {
                guard let ref = refs[habit.id] else { continue }
                let listed = try await source.habitDays(
                    userID: userID, habitID: habit.id, from: Self.firstDay, through: today)
                for day in listed where day.isSkipped || day.note != nil {
                    days.append(ExportedDay(habit: ref, day: day.day, skipped: day.isSkipped, note: day.note))
                }
            }
            let following = try await source.followedUsers(userID: userID).map(\.key).sorted()
            let questions = try await source.questions(viewerID: userID, tagID: nil)
                .filter { $0.authorID == userID }
                .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
                .map { ExportedQuestion(question: $0.question, answer: $0.answer, askedAt: $0.createdAt) }
            let joined = try await source.joinedProgramIDs(userID: userID)
            let ratings = try await source.programRatings(userID: userID)
            let export = AccountExport(
                account: ExportedAccount(
                    username: account.username, name: account.user.name, bio: account.user.bio,
                    timeZone: account.user.timeZone, locale: account.user.locale,
                    visibility: account.user.visibility),
                habits: exported, logs: [], days: days,
                favorites: favorites.compactMap { refs[$0] }.sorted(), following: following,
                programs: joined.map { String($0) },
                ratings: ratings.map { ExportedRating(program: String($0.key), stars: $0.value) },
                questions: questions)
            return Head(export: export, refs: refs)
        }
        // Programs are named by title; the snapshot knows them only by id.
        var titles: [String: String] = [:]
        for id in Set(head.export.programs + head.export.ratings.map(\.program)) {
            if let number = Int64(id), let program = try? await store.program(id: number) { titles[id] = program.title }
        }
        head.export.programs = head.export.programs.compactMap { titles[$0] }.sorted()
        head.export.ratings = head.export.ratings.compactMap { rating in
            titles[rating.program].map { ExportedRating(program: $0, stars: rating.stars) }
        }.sorted { $0.program < $1.program }
        return head
    }

    /// Calls `body` with each page of the account's logs, oldest first, as exported logs.
    ///
    /// - Complexity: O(n / 200) reads for n logs; memory one page.
    func forEachLogPage(refs: [Int64: Int], _ body: ([ExportedLog]) async throws -> Void) async throws {
        var page = Self.logPage
        while true {
            let listed = try await store.logs(userID: userID, in: TimeRange(), page: page)
            // A log on a habit made after the snapshot has no ref; it is the next export's.
            try await body(
                listed.items.compactMap { log in refs[log.habitID].map { ExportedLog(habit: $0, at: log.timestamp) } })
            guard let next = listed.nextCursor else { return }
            page = PageRequest(after: try PageCursor(encoded: next), limit: Self.logPage.limit)
        }
    }
}
