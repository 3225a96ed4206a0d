import ZipArchive

/// A Loop Habit Tracker "Export as CSV" archive, read into plain values.
///
/// The format, as `uhabits-core/src/jvmMain/java/org/isoron/uhabits/core/io/HabitsCSVExporter.kt` and
/// `HabitList.writeCSV` (`.../core/models/HabitList.kt`) in github.com/iSoron/uhabits write it. Files are UTF-8,
/// written with opencsv's `CSVWriter` (comma separated, LF line ends, a field quoted only when it holds a comma, a
/// quote or a line break, quotes doubled), in a zip whose entries are deflated (`java.util.zip`, data descriptors):
///
/// - `Habits.csv`, every habit, one per line in list order. Since Loop 2.3 the header is
///   `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,`
///   `Target Value,Archived?`; before, `Position,Name,Question,Description,NumRepetitions,Interval,Color`.
///   Position is 1-based and zero-padded ("001"); Type is `YES_NO` or `NUMERICAL`; the frequency is numerator times
///   per denominator days; Color is "#RRGGBB"; Unit, Target Type (`AT_LEAST` or `AT_MOST`) and Target Value (a
///   Kotlin double, "8.0") are empty for yes/no habits; Archived? is `true` or `false`.
/// - `NNN Name/Checkmarks.csv` for each exported habit: the folder is the position ("%03d") and the name with
///   everything but letters, digits, spaces and `._-` removed, cut to 100 characters, trimmed. Since 2.3 the header
///   is `Date,Value,Notes`; before, there was no header and no Notes. One line per day with data, newest first;
///   Date is `yyyy-MM-dd`; Value is YES_MANUAL (2), YES_AUTO (1), NO (0), SKIP (3) or UNKNOWN (−1), written as
///   those names since 2.3 and as the numbers before; a numerical habit's value is its amount in thousandths
///   ("8000" is 8), except that amounts of 0 to 3 thousandths come out as the names above.
/// - `NNN Name/Scores.csv` (`Date,Score`), and root `Checkmarks.csv` and `Scores.csv` (one column per habit,
///   headed by its unquoted name): derived data, ignored here.
///
/// What this reader makes of it: YES_MANUAL is `.yes`, NO is `.no` (a numerical habit's 0 is `.amount(0)`),
/// SKIP is `.skip`; YES_AUTO is Loop's own inference for non-daily habits, not the user's check, and UNKNOWN is
/// no data, so both are dropped. Older files without a Type column are yes/no, unless a habit's checkmarks hold
/// an amount outside −1...3, which makes it numerical (no unit, target 0, at least). A habit folder without
/// `Checkmarks.csv` gives a habit without checkmarks. Every field is checked, and errors name file, line and field.
public struct LoopBackup: Hashable, Sendable {
    /// The most habits an export may hold.
    public static let maximumHabitCount = 1_000
    /// The most checkmark lines all habits' files may hold together.
    public static let maximumCheckmarkCount = 500_000
    /// What an export's zip may hold: a century of daily checkmarks with notes is about a megabyte a habit,
    /// so these leave room while keeping a small zip from making the reader inflate more than a few seconds'
    /// worth (every import waits behind the two that run).
    public static let zipLimits = ZipLimits(
        maximumEntryCount: 10_000, maximumEntrySize: 2 << 20, maximumTotalSize: 32 << 20)

    /// The habits in Loop's position order.
    public var habits: [LoopHabit]

    /// Reads the export's zip archive.
    /// - Complexity: O(n) in the size of the archive's CSV files.
    public init(zip bytes: [UInt8]) throws(LoopImportError) {
        var files: [String: [UInt8]] = [:]
        do throws(ZipError) {
            let reader = try ZipReader(bytes: bytes, limits: Self.zipLimits)
            // Only Habits.csv and the checkmark files are needed; scores are derived data.
            for entry in reader.entries where !entry.isDirectory {
                let name = entry.path.split(separator: "/").last ?? ""
                guard name == "Habits.csv" || name == "Checkmarks.csv" else { continue }
                files[entry.path] = try reader.contents(of: entry)
            }
        } catch {
            throw LoopImportError(file: "the zip archive", reason: error.description)
        }
        try self.init(files: files)
    }

    /// Reads the export's files, keyed by their path in the archive ("Habits.csv", "001 Meditate/Checkmarks.csv").
    ///
    /// The files may also sit together in one folder (an export unpacked and zipped again).
    /// - Complexity: O(n) in the size of the files.
    public init(files: [String: [UInt8]]) throws(LoopImportError) {
        try self.init(
            files: files, maximumHabits: Self.maximumHabitCount, maximumCheckmarks: Self.maximumCheckmarkCount)
    }

    /// Reads the export's files within the limits given, so tests can reach them cheaply.
    init(files: [String: [UInt8]], maximumHabits: Int, maximumCheckmarks: Int) throws(LoopImportError) {
        let root = try Self.root(of: files)
        let habitsPath = root + HabitsFile.name
        let (habits, hasTypes) = try HabitsFile.read(files[habitsPath] ?? [], maximumHabits: maximumHabits)
        let folders = try Self.checkmarkFiles(in: files, root: root, positions: Set(habits.map(\.position)))
        var budget = maximumCheckmarks
        self.habits = []
        for var habit in habits {
            if let path = folders[habit.position], let bytes = files[path] {
                let rows = try CheckmarksFile.read(
                    bytes, path: path, maximumRows: budget, totalLimit: maximumCheckmarks)
                budget -= rows.count
                // The numbers −1...3 read as Loop's names, so any other number is an amount.
                if !hasTypes, rows.contains(where: { if case .thousandths = $0.value { true } else { false } }) {
                    habit.kind = .numerical(unit: "", target: 0, targetType: .atLeast)
                }
                habit.checkmarks = try CheckmarksFile.days(rows, kind: habit.kind, path: path)
            }
            self.habits.append(habit)
        }
    }

    /// The folder holding Habits.csv: the archive's root, or the one folder that has it.
    private static func root(of files: [String: [UInt8]]) throws(LoopImportError) -> String {
        if files[HabitsFile.name] != nil { return "" }
        let candidates = files.keys.filter { $0.hasSuffix("/" + HabitsFile.name) }
        guard candidates.count == 1, let path = candidates.first else {
            throw LoopImportError(
                file: HabitsFile.name, reason: "is missing: this is not a Loop Habit Tracker CSV export.")
        }
        return String(path.dropLast(HabitsFile.name.count))
    }

    /// Each habit position's `Checkmarks.csv` path, from the folder names' leading position numbers.
    private static func checkmarkFiles(
        in files: [String: [UInt8]], root: String, positions: Set<Int>
    ) throws(LoopImportError) -> [Int: String] {
        var pathOfPosition: [Int: String] = [:]
        for path in files.keys.sorted() where path.hasPrefix(root) {
            let components = path.dropFirst(root.count).split(separator: "/", omittingEmptySubsequences: false)
            guard components.count == 2, components[1] == "Checkmarks.csv" else { continue }
            // Folders are "NNN Name" (or just "NNN" when the name has no allowed characters).
            let digits = components[0].prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, let position = Int(digits) else { continue }
            guard positions.contains(position) else {
                throw LoopImportError(file: path, reason: "belongs to position \(position), which Habits.csv lacks.")
            }
            if let other = pathOfPosition[position] {
                throw LoopImportError(file: path, reason: "has the same position as \(other).")
            }
            pathOfPosition[position] = path
        }
        return pathOfPosition
    }
}
