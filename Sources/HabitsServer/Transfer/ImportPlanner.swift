import Foundation
import HabitsDomain
import HabitsStore
import LoopImport

/// Why a file cannot be imported: where (file, line or entry, field) and why. Answered as a 422.
struct ImportRefusal: Error, Hashable, Sendable {
    var place: String
    var reason: String

    var message: String { "\(place): \(reason)" }
}

/// Turns an export (ours or Loop Habit Tracker's) into what the store writes for one account: names resolved
/// to the account's habits or the catalogue's, every field checked by the rules every write obeys. Pure: it
/// reads nothing, so the store's transaction holds the whole import.
struct ImportPlanner: Sendable {
    let userID: Int64
    let zone: TimeZone
    let now: Date
    /// The account's own habits (archived ones too), the catalogue's, and the categories, by folded name:
    /// built once, so that each habit of a file is one hashed lookup.
    private let ownByName: [String: Int64]
    private let catalogueByName: [String: Int64]
    private let catalogueIDs: Set<Int64>
    private let categoryByName: [String: Int64]
    /// The programs by title (in NFC), the oldest of a title first.
    let programByTitle: [String: Int64]
    /// A new habit's category when the file names none here: "Other" if there is one, else the first.
    private let fallbackCategoryID: Int64?

    /// The most logs one import may bring: twice the 100,000 an import must take in under 10 s. An import is
    /// one transaction, and every other write waits for it (a few seconds at this size).
    static let maximumLogs = 200_000
    /// The most days with a skip or a note one import may bring.
    static let maximumDays = 200_000
    /// The most habits one import may bring, as for Loop's files.
    static let maximumHabits = LoopBackup.maximumHabitCount

    init(
        userID: Int64, zone: TimeZone, now: Date, categories: [Category], ownHabits: [Habit], catalogue: [Habit],
        programs: [Program] = []
    ) {
        self.userID = userID
        self.zone = zone
        self.now = now
        func byName(_ pairs: [(String, Int64)]) -> [String: Int64] {
            Dictionary(pairs.map { (ResourceRules.foldedName($0.0), $0.1) }) { first, _ in first }
        }
        ownByName = byName(ownHabits.map { ($0.name, $0.id) })
        catalogueByName = byName(catalogue.map { ($0.name, $0.id) })
        catalogueIDs = Set(catalogue.map(\.id))
        categoryByName = byName(categories.map { ($0.name, $0.id) })
        programByTitle = Dictionary(
            programs.sorted { $0.id < $1.id }.map { ($0.title.precomposedStringWithCanonicalMapping, $0.id) }
        ) { first, _ in first }
        fallbackCategoryID = (categories.first { $0.name == "Other" } ?? categories.min { $0.id < $1.id })?.id
    }

    /// The category named `name` (regardless of case), else "Other" if there is one, else the first.
    func categoryID(named name: String?) throws(ImportRefusal) -> Int64 {
        if let name, let id = categoryByName[ResourceRules.foldedName(name)] { return id }
        guard let fallback = fallbackCategoryID else {
            throw ImportRefusal(place: "server", reason: "has no category for a new habit; an administrator adds one.")
        }
        return fallback
    }

    /// A habit an import names: the account's own of that name, else (for a catalogue habit) the catalogue's,
    /// else a new one of the account's own.
    func resolve(_ habit: Habit, fromCatalogue: Bool, place: String) throws(ImportRefusal) -> ImportedHabit {
        let folded = ResourceRules.foldedName(habit.name)
        if fromCatalogue, let id = catalogueByName[folded] { return .existing(id: id) }
        if let id = ownByName[folded] { return .existing(id: id) }
        do {
            return .new(try ResourceRules.checked(habit))
        } catch {
            throw ImportRefusal(place: place, reason: error.message)
        }
    }

    // MARK: Our own export

    /// The import of our export, and counts of what it held that is not written (see `planOthers`).
    ///
    /// - Complexity: O(h + n + d + k) for h habits, n logs, d days and k follows, programs, ratings and
    ///   questions.
    func plan(_ export: AccountExport) throws(ImportRefusal) -> (AccountImport, notImported: [String: Int]) {
        guard export.format == AccountExport.formatName, export.version == AccountExport.currentVersion else {
            throw ImportRefusal(
                place: "format",
                reason: "must be \"\(AccountExport.formatName)\" version \(AccountExport.currentVersion).")
        }
        guard export.logs.count <= Self.maximumLogs else {
            throw ImportRefusal(place: "logs", reason: "holds more than \(Self.maximumLogs) logs.")
        }
        guard export.days.count <= Self.maximumDays else {
            throw ImportRefusal(place: "days", reason: "holds more than \(Self.maximumDays) days.")
        }
        guard export.habits.count <= Self.maximumHabits else {
            throw ImportRefusal(place: "habits", reason: "holds more than \(Self.maximumHabits) habits.")
        }
        var habits: [ImportedHabit] = []
        var indexByRef: [Int: Int] = [:]
        for (position, exported) in export.habits.enumerated() {
            let place = "habits[\(position)]"
            guard indexByRef[exported.ref] == nil else {
                throw ImportRefusal(place: place + ".ref", reason: "\(exported.ref) is used twice.")
            }
            let habit = Habit(
                id: 0, name: exported.name, categoryID: try categoryID(named: exported.category), info: exported.info,
                emoji: exported.emoji, schedule: exported.schedule, ownerID: userID, visibility: .personal,
                reminder: exported.reminder, isArchived: exported.archived)
            indexByRef[exported.ref] = habits.count
            habits.append(try resolve(habit, fromCatalogue: !exported.own, place: place))
        }
        func index(_ ref: Int, _ place: String) throws(ImportRefusal) -> Int {
            guard let index = indexByRef[ref] else {
                throw ImportRefusal(place: place + ".habit", reason: "no habit has ref \(ref).")
            }
            return index
        }
        var logs: [ImportedLog] = []
        logs.reserveCapacity(export.logs.count)
        for (position, log) in export.logs.enumerated() {
            let place = "logs[\(position)]"
            do {
                try LogRules.validate(timestamp: log.at, now: now, field: place + ".at")
            } catch {
                throw ImportRefusal(place: place + ".at", reason: error.message)
            }
            logs.append(ImportedLog(habit: try index(log.habit, place), timestamp: log.at))
        }
        var days: [ImportedDay] = []
        let today = LocalDay(now, in: zone)
        for (position, day) in export.days.enumerated() {
            let place = "days[\(position)]"
            guard day.day <= today else {
                throw ImportRefusal(place: place + ".day", reason: "\(day.day) is after today.")
            }
            // As for logs: nothing anyone tracks here happened before 1970.
            guard day.day >= LocalDay(number: 0) else {
                throw ImportRefusal(place: place + ".day", reason: "\(day.day) lies before 1970-01-01.")
            }
            days.append(
                ImportedDay(
                    habit: try index(day.habit, place), day: day.day, skipped: day.skipped,
                    note: try Self.note(day.note, place: place + ".note")))
        }
        // Only the catalogue's habits are favourites; a favourite that became one's own is simply one's own.
        var favorites: [Int64] = []
        for (position, ref) in export.favorites.enumerated() {
            let place = "favorites[\(position)]"
            if case .existing(let id) = habits[try index(ref, place)], catalogueIDs.contains(id) {
                favorites.append(id)
            }
        }
        var data = AccountImport(habits: habits, logs: logs, days: days, favoriteHabitIDs: favorites)
        let notImported = try planOthers(export, into: &data)
        return (data, notImported)
    }

    /// A note by the day's note rule, nil when empty.
    static func note(_ text: String?, place: String) throws(ImportRefusal) -> String? {
        guard let text, !text.isEmpty else { return nil }
        do {
            let checked = try HabitDay.noteRule.checked(text)
            return checked.isEmpty ? nil : checked
        } catch {
            throw ImportRefusal(place: place, reason: error.message)
        }
    }
}
