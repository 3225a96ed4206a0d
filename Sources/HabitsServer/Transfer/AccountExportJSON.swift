import Foundation
import HabitsDomain
import Hummingbird
import NIOCore

/// Writes an export as one JSON document while its logs are read, so that memory holds one page of them.
/// The keys come in `AccountExport`'s order, each value encoded with sorted keys, so that two exports of
/// equal data are equal bytes.
struct AccountExportJSON: Sendable {
    let reader: AccountExportReader
    let head: AccountExportReader.Head

    static func encoder() -> JSONEncoder {
        let encoder = HabitsJSON.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// - Complexity: O(n) for n logs, written a page at a time.
    func write(to writer: inout any ResponseBodyWriter) async throws {
        let encoder = Self.encoder()
        let export = head.export
        func json(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        try await writer.write(
            ByteBuffer(
                string: #"{"format":"# + (try json(export.format)) + #","version":\#(export.version),"account":"#
                    + (try json(export.account)) + #","habits":"# + (try json(export.habits)) + #","logs":["#))
        var first = true
        try await reader.forEachLogPage(refs: head.refs) { page in
            var chunk = ""
            for log in page {
                chunk += (first ? "" : ",") + (try json(log))
                first = false
            }
            try await writer.write(ByteBuffer(string: chunk))
        }
        try await writer.write(
            ByteBuffer(
                string: #"],"days":"# + (try json(export.days)) + #","favorites":"# + (try json(export.favorites))
                    + #","following":"# + (try json(export.following)) + #","programs":"# + (try json(export.programs))
                    + #","ratings":"# + (try json(export.ratings)) + #","questions":"# + (try json(export.questions))
                    + "}\n"))
    }
}

/// Writes an export as a zip of CSV files (RFC 4180, UTF-8, a header row each).
struct AccountExportCSV: Sendable {
    let reader: AccountExportReader
    let head: AccountExportReader.Head

    /// The files, in the order the zip holds them.
    static let fileNames = [
        "account.csv", "habits.csv", "logs.csv", "days.csv", "favorites.csv", "following.csv", "programs.csv",
        "ratings.csv", "questions.csv",
    ]

    /// Every file's text; the logs read page by page.
    ///
    /// - Complexity: O(n) for n logs; memory the files' text.
    func files() async throws -> [(name: String, text: String)] {
        let export = head.export
        let names = Dictionary(export.habits.map { ($0.ref, $0.name) }) { first, _ in first }
        var logs = CSVTable(["habit_ref", "habit", "at"])
        try await reader.forEachLogPage(refs: head.refs) { page in
            for log in page {
                logs.append([String(log.habit), names[log.habit] ?? "", HabitsJSON.formatInstant(log.at)])
            }
        }
        let account = export.account
        return [
            ("account.csv", CSVTable(["username", "name", "bio", "time_zone", "locale", "visibility"], [[
                account.username, account.name, account.bio ?? "", account.timeZone, account.locale,
                account.visibility.rawValue,
            ]]).text),
            ("habits.csv", CSVTable(
                [
                    "ref", "own", "name", "category", "info", "emoji", "schedule", "times_per_day", "reminder",
                    "archived",
                ],
                export.habits.map { habit in
                    [
                        String(habit.ref), String(habit.own), habit.name, habit.category, habit.info, habit.emoji ?? "",
                        Self.scheduleText(habit.schedule), String(habit.schedule.timesPerDay),
                        habit.reminder?.description ?? "", String(habit.archived),
                    ]
                }).text),
            ("logs.csv", logs.text),
            ("days.csv", CSVTable(["habit_ref", "habit", "day", "skipped", "note"], export.days.map { day in
                [String(day.habit), names[day.habit] ?? "", day.day.description, String(day.skipped), day.note ?? ""]
            }).text),
            ("favorites.csv", CSVTable(["habit_ref", "habit"], export.favorites.map { [String($0), names[$0] ?? ""] })
                .text),
            ("following.csv", CSVTable(["username"], export.following.map { [$0] }).text),
            ("programs.csv", CSVTable(["title"], export.programs.map { [$0] }).text),
            ("ratings.csv", CSVTable(["program", "stars"], export.ratings.map { [$0.program, String($0.stars)] }).text),
            ("questions.csv", CSVTable(["question", "answer", "asked_at"], export.questions.map { question in
                [question.question, question.answer ?? "", HabitsJSON.formatInstant(question.askedAt)]
            }).text),
        ]
    }

    /// `daily`, `weekdays:mon,wed,fri` or `weekly:3`.
    static func scheduleText(_ schedule: HabitSchedule) -> String {
        switch schedule.kind {
        case .daily: "daily"
        case .weekdays(let days): "weekdays:" + days.sorted().map(\.rawValue).joined(separator: ",")
        case .weekly(let times): "weekly:\(times)"
        }
    }
}

/// Rows of CSV text with a header.
struct CSVTable: Sendable {
    private(set) var text: String

    init(_ header: [String], _ rows: [[String]] = []) {
        text = ""
        append(header)
        for row in rows { append(row) }
    }

    /// Adds a row: a field with a comma, quote or line break is quoted with its quotes doubled, and one that
    /// a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) starts with `'`, so that opening the
    /// file runs nothing.
    mutating func append(_ row: [String]) {
        text += row.map(Self.field).joined(separator: ",") + "\r\n"
    }

    /// A plain decimal number (`-12`, `+3.5`, `-1e5`): what a spreadsheet reads as a number, not a formula.
    /// Not `Double(_:)`, which also takes `-nan(x)`, `+inf` and hexadecimal.
    static func isDecimal(_ value: String) -> Bool {
        value.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    static func field(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            !isDecimal(value)
        {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
