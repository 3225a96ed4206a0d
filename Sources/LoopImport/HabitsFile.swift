import HabitsDomain
/// Reads Loop's `Habits.csv`: one record per habit, in either the current column set or the older one.
enum HabitsFile {
    /// The file's name in the export.
    static let name = "Habits.csv"

    /// The habits `bytes` lists, in position order, without checkmarks; `hasTypes` tells whether the file says
    /// which habits are numerical (files before Loop 2.3 do not).
    /// - Complexity: O(n) in the size of the file.
    static func read(
        _ bytes: [UInt8], maximumHabits: Int
    ) throws(LoopImportError) -> (habits: [LoopHabit], hasTypes: Bool) {
        let records = try CSVParser.parse(
            bytes, file: name, maximumRecords: maximumHabits + 1,
            excessReason: "has more than \(maximumHabits) habits, the most an import takes.")
        guard let header = records.first else {
            throw LoopImportError(file: name, reason: "is empty: it should start with a header line.")
        }
        let columns = CSVColumns(header: header, file: name)
        // The current exporter writes FrequencyNumerator/FrequencyDenominator; older ones NumRepetitions/Interval.
        let isOlder = !columns.contains("FrequencyNumerator") && columns.contains("NumRepetitions")
        let numeratorColumn = isOlder ? "NumRepetitions" : "FrequencyNumerator"
        let denominatorColumn = isOlder ? "Interval" : "FrequencyDenominator"
        try columns.require(["Position", "Name", numeratorColumn, denominatorColumn])
        var habits: [LoopHabit] = []
        var lineOfPosition: [Int: Int] = [:]
        for record in records.dropFirst() {
            let field = FieldReader(columns: columns, record: record)
            let position = try field.integer("Position", in: 1...1_000_000)
            if let earlier = lineOfPosition[position] {
                throw field.error("Position", "repeats the position of line \(earlier).")
            }
            lineOfPosition[position] = record.line
            let name = try field.required("Name")
            guard !name.trimmingSpaces.isEmpty else { throw field.error("Name", "must not be empty.") }
            let color = try field.optional("Color") ?? ""
            habits.append(
                LoopHabit(
                    position: position,
                    name: name,
                    question: try field.optional("Question") ?? "",
                    description: try field.optional("Description") ?? "",
                    kind: try kind(field),
                    frequency: LoopHabit.Frequency(
                        numerator: try field.integer(numeratorColumn, in: 1...10_000),
                        denominator: try field.integer(denominatorColumn, in: 1...10_000)
                    ),
                    color: color.isEmpty ? nil : color,
                    isArchived: try archived(field)
                )
            )
        }
        habits.sort { $0.position < $1.position }
        return (habits, columns.contains("Type"))
    }

    /// The habit's kind from Type, Unit, Target Type and Target Value; yes/no when the file has no Type column.
    private static func kind(_ field: FieldReader) throws(LoopImportError) -> LoopHabit.Kind {
        switch try field.optional("Type") {
        case nil, "YES_NO":
            return .yesNo
        case "NUMERICAL":
            let targetType: LoopHabit.TargetType
            switch try field.required("Target Type") {
            case "AT_LEAST": targetType = .atLeast
            case "AT_MOST": targetType = .atMost
            case let other: throw field.error("Target Type", "\(Excerpt.quoted(other)) is not AT_LEAST or AT_MOST.")
            }
            let target = try field.number("Target Value")
            return .numerical(unit: try field.optional("Unit") ?? "", target: target, targetType: targetType)
        case let other?:
            throw field.error("Type", "\(Excerpt.quoted(other)) is not YES_NO or NUMERICAL.")
        }
    }

    /// Whether the habit is archived: "true" or "false", and false when the file has no such column.
    private static func archived(_ field: FieldReader) throws(LoopImportError) -> Bool {
        switch try field.optional("Archived?") {
        case nil, "false": false
        case "true": true
        case let other?: throw field.error("Archived?", "\(Excerpt.quoted(other)) is not true or false.")
        }
    }
}

/// Reads and checks the fields of one record, naming file, line and column in its errors.
struct FieldReader {
    let columns: CSVColumns
    let record: CSVRecord

    /// An error about column `name` of this record.
    func error(_ name: String, _ reason: String) -> LoopImportError {
        LoopImportError(file: columns.file, line: record.line, field: name, reason: reason)
    }

    /// The field of a column the header may lack.
    func optional(_ name: String) throws(LoopImportError) -> String? {
        try columns.field(name, in: record)
    }

    /// The field of a column the header must have.
    func required(_ name: String) throws(LoopImportError) -> String {
        guard let value = try columns.field(name, in: record) else {
            throw LoopImportError(file: columns.file, line: columns.line, field: name, reason: "the column is missing.")
        }
        return value
    }

    /// The field as a whole number in `range` ("001" included).
    func integer(_ name: String, in range: ClosedRange<Int>) throws(LoopImportError) -> Int {
        let text = try required(name).trimmingSpaces
        guard let value = Int(text), range.contains(value) else {
            throw error(
                name, "\(Excerpt.quoted(text)) is not a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// The field as a finite number of at least zero ("8.0" and "1.0E7" included, as Kotlin writes doubles).
    func number(_ name: String) throws(LoopImportError) -> Double {
        let text = try required(name).trimmingSpaces
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw error(name, "\(Excerpt.quoted(text)) is not a number of at least 0.")
        }
        return value
    }
}
