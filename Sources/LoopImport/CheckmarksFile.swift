import HabitsDomain
/// Reads one habit's `Checkmarks.csv`: a "Date,Value,Notes" header then one record per day (newest first), or,
/// in exports before Loop 2.3, headerless "date,value" records.
enum CheckmarksFile {
    /// A value as the file spells it, before the habit's kind gives it a meaning.
    enum RawValue: Hashable {
        /// YES_MANUAL or 2.
        case yesManual
        /// YES_AUTO or 1.
        case yesAuto
        /// NO or 0.
        case no
        /// SKIP or 3.
        case skip
        /// UNKNOWN or −1.
        case unknown
        /// Any other whole number: a numerical habit's amount in thousandths.
        case thousandths(Int)
    }

    /// One record, checked but not yet interpreted.
    struct Row {
        var line: Int
        var year: Int
        var month: Int
        var day: Int
        var value: RawValue
        var notes: String
    }

    /// The records of the file at `path`, at most `maximumRows` of them (what is left of the export's `totalLimit`),
    /// each date at most once.
    /// - Complexity: O(n) in the size of the file.
    static func read(
        _ bytes: [UInt8], path: String, maximumRows: Int, totalLimit: Int
    ) throws(LoopImportError) -> [Row] {
        let excessReason = "brings the export past the limit of \(totalLimit) checkmark lines in all."
        var records = try CSVParser.parse(
            bytes, file: path, maximumRecords: maximumRows + 1, excessReason: excessReason)
        guard let first = records.first else { return [] }
        let columns: CSVColumns
        if first.fields.first?.trimmingSpaces == "Date" {
            columns = CSVColumns(header: first, file: path)
            try columns.require(["Date", "Value"])
            records.removeFirst()
        } else {
            columns = CSVColumns(header: CSVRecord(line: 0, fields: ["Date", "Value"]), file: path)
        }
        guard records.count <= maximumRows else {
            throw LoopImportError(file: path, line: records[maximumRows].line, reason: excessReason)
        }
        var lineOfDate: [Int: Int] = [:]
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        for record in records {
            let field = FieldReader(columns: columns, record: record)
            let (year, month, day) = try date(field)
            let key = year * 10_000 + month * 100 + day
            if let earlier = lineOfDate[key] {
                throw field.error("Date", "repeats the date of line \(earlier).")
            }
            lineOfDate[key] = record.line
            rows.append(
                Row(
                    line: record.line, year: year, month: month, day: day, value: try value(field),
                    notes: try field.optional("Notes") ?? ""
                )
            )
        }
        return rows
    }

    /// The Date field: a real calendar date written yyyy-MM-dd, in years 1900...9999.
    private static func date(_ field: FieldReader) throws(LoopImportError) -> (Int, Int, Int) {
        let text = try field.required("Date").trimmingSpaces
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw field.error("Date", "\(Excerpt.quoted(text)) is not a date written as yyyy-MM-dd.") }
        guard (1900...9999).contains(year) else {
            throw field.error("Date", "\(text) is not in years 1900 to 9999.")
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            throw field.error("Date", "\(text) is not a calendar date.")
        }
        return (year, month, day)
    }

    /// The days in `month` of `year` in the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The Value field: one of Loop's names, or a whole number (the numbers −1...3 mean what the names do).
    private static func value(_ field: FieldReader) throws(LoopImportError) -> RawValue {
        let text = try field.required("Value").trimmingSpaces
        switch text {
        case "YES_MANUAL", "2": return .yesManual
        case "YES_AUTO", "1": return .yesAuto
        case "NO", "0": return .no
        case "SKIP", "3": return .skip
        case "UNKNOWN", "-1": return .unknown
        default:
            guard let number = Int(text), number >= 0, number <= Int(Int32.max) else {
                throw field.error("Value", "\(Excerpt.quoted(text)) is not a Loop checkmark value.")
            }
            return .thousandths(number)
        }
    }

    /// The user's entries among `rows` for a habit of `kind`, sorted by date.
    static func days(_ rows: [Row], kind: LoopHabit.Kind, path: String) throws(LoopImportError) -> [LoopDay] {
        var days: [LoopDay] = []
        days.reserveCapacity(rows.count)
        for row in rows {
            guard let mark = try checkmark(row, kind: kind, path: path) else { continue }
            days.append(LoopDay(year: row.year, month: row.month, day: row.day, checkmark: mark, notes: row.notes))
        }
        days.sort { $0.isBefore($1) }
        return days
    }

    /// What `row` means for a habit of `kind`, or nil for the values that are no user entry.
    static func checkmark(
        _ row: Row, kind: LoopHabit.Kind, path: String
    ) throws(LoopImportError) -> LoopCheckmark? {
        switch (kind, row.value) {
        case (_, .unknown): return nil
        case (_, .skip): return .skip
        case (.yesNo, .yesManual): return .yes
        // Computed by Loop for days a non-daily frequency covers: not the user's check.
        case (.yesNo, .yesAuto): return nil
        case (.yesNo, .no): return .no
        case (.yesNo, .thousandths(let number)):
            throw LoopImportError(
                file: path, line: row.line, field: "Value", reason: "\"\(number)\" is not a yes/no habit's value.")
        // The exporter spells a numerical habit's 0, 1 and 2 thousandths with the yes/no names.
        case (.numerical, .no): return .amount(0)
        case (.numerical, .yesAuto): return .amount(0.001)
        case (.numerical, .yesManual): return .amount(0.002)
        case (.numerical, .thousandths(let number)): return .amount(Double(number) / 1000)
        }
    }
}
