import Foundation
import Testing

@testable import LoopImport

@Suite("Errors in an export name the file, line and field")
struct LoopImportErrorTests {
    /// The error reading the fixture with `path` replaced by `text`, or nil when it reads.
    private func error(_ path: String, _ text: String) -> LoopImportError? {
        do {
            _ = try LoopBackup(files: LoopFixture.replacing(path, with: text))
            return nil
        } catch {
            return error
        }
    }

    private static let meditate = "001 Meditate/Checkmarks.csv"

    @Test("The description reads as one sentence")
    func description() {
        let error = LoopImportError(file: "Habits.csv", line: 3, field: "Name", reason: "must not be empty.")
        #expect(error.description == "Habits.csv, line 3, field Name: must not be empty.")
        #expect(LoopImportError(file: "Habits.csv", reason: "is missing.").description == "Habits.csv: is missing.")
    }

    @Test("Bad dates: not a calendar date, out of range, badly written", arguments: [
        ("2026-02-30", "2026-02-30 is not a calendar date."),
        ("2023-02-29", "2023-02-29 is not a calendar date."),
        ("2024-13-01", "2024-13-01 is not a calendar date."),
        ("1899-12-31", "1899-12-31 is not in years 1900 to 9999."),
        ("2024-3-5", "\"2024-3-5\" is not a date written as yyyy-MM-dd."),
        ("05/03/2024", "\"05/03/2024\" is not a date written as yyyy-MM-dd."),
    ])
    func badDates(date: String, reason: String) {
        let text = "Date,Value,Notes\n2024-03-05,YES_MANUAL,\n\(date),NO,"
        let expected = LoopImportError(file: Self.meditate, line: 3, field: "Date", reason: reason)
        #expect(error(Self.meditate, text) == expected)
    }

    @Test("Bad numbers in Habits.csv")
    func badNumbers() {
        let header = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
            + "Target Type,Target Value,Archived?\n"
        let badFrequency = header + "001,Meditate,YES_NO,,,two,1,#FF8F00,,,,false"
        #expect(error("Habits.csv", badFrequency) == LoopImportError(
            file: "Habits.csv", line: 2, field: "FrequencyNumerator",
            reason: "\"two\" is not a whole number from 1 to 10000."))
        let badTarget = header + "001,Meditate,YES_NO,,,1,1,,,,,false\n003,Water,NUMERICAL,,,1,1,,l,AT_LEAST,lots,false"
        #expect(error("Habits.csv", badTarget) == LoopImportError(
            file: "Habits.csv", line: 3, field: "Target Value", reason: "\"lots\" is not a number of at least 0."))
        let badAmount = "Date,Value,Notes\n2024-03-05,8.5,"
        #expect(error("003 Drink water/Checkmarks.csv", badAmount)?.field == "Value")
    }

    @Test("A huge value is quoted as a short excerpt, not whole")
    func hugeValue() throws {
        let header = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
            + "Target Type,Target Value,Archived?\n"
        let huge = String(repeating: "x", count: 2 << 20)
        let found = try #require(error("Habits.csv", header + "001,Meditate,\(huge),,,1,1,#FF8F00,,,,false"))
        #expect(found.field == "Type")
        #expect(found.description.utf8.count < 200, "the reason quotes \(found.description.utf8.count) bytes")
        #expect(found.reason.hasSuffix("…\" is not YES_NO or NUMERICAL."))
    }

    @Test("A missing column names the column and the header line")
    func missingColumn() {
        let text = "Position,Name,Type,Question,Description,FrequencyNumerator,Color\n001,Meditate,YES_NO,,,1,#FF8F00"
        #expect(error("Habits.csv", text) == LoopImportError(
            file: "Habits.csv", line: 1, field: "FrequencyDenominator", reason: "the column is missing."))
        #expect(error(Self.meditate, "Date,Notes\n2024-03-05,")?.field == "Value")
        #expect(error(Self.meditate, "Date,Value,Notes\n2024-03-05") == LoopImportError(
            file: Self.meditate, line: 2, field: "Value", reason: "is missing: the line has 1 fields."))
    }

    @Test("Unknown values: a checkmark, a type, a target type, archived")
    func unknownValues() {
        #expect(error(Self.meditate, "Date,Value,Notes\n2024-03-05,MAYBE,") == LoopImportError(
            file: Self.meditate, line: 2, field: "Value", reason: "\"MAYBE\" is not a Loop checkmark value."))
        #expect(error(Self.meditate, "Date,Value,Notes\n2024-03-05,8000,") == LoopImportError(
            file: Self.meditate, line: 2, field: "Value", reason: "\"8000\" is not a yes/no habit's value."))
        let habits = LoopFixture.files["Habits.csv"] ?? ""
        let badType = habits.replacingOccurrences(of: "002,Wake up early,YES_NO", with: "002,Wake up early,BOOLEAN")
        #expect(error("Habits.csv", badType) == LoopImportError(
            file: "Habits.csv", line: 3, field: "Type", reason: "\"BOOLEAN\" is not YES_NO or NUMERICAL."))
        let badTarget = habits.replacingOccurrences(of: "AT_MOST", with: "EXACTLY")
        #expect(error("Habits.csv", badTarget)?.line == 7)  // after Dune's two-line record
        let badArchived = habits.replacingOccurrences(of: "#8E24AA,,,,true", with: "#8E24AA,,,,yes")
        #expect(error("Habits.csv", badArchived)?.field == "Archived?")
    }

    @Test("A repeated date, a repeated position and an empty name")
    func duplicates() {
        #expect(error(Self.meditate, "Date,Value,Notes\n2024-03-05,YES_MANUAL,\n2024-03-04,NO,\n2024-03-05,SKIP,")
            == LoopImportError(file: Self.meditate, line: 4, field: "Date", reason: "repeats the date of line 2."))
        let habits = LoopFixture.files["Habits.csv"] ?? ""
        let repeated = habits.replacingOccurrences(of: "002,Wake up early", with: "001,Wake up early")
        #expect(error("Habits.csv", repeated) == LoopImportError(
            file: "Habits.csv", line: 3, field: "Position", reason: "repeats the position of line 2."))
        let unnamed = habits.replacingOccurrences(of: "002,Wake up early", with: "002, ")
        #expect(error("Habits.csv", unnamed) == LoopImportError(
            file: "Habits.csv", line: 3, field: "Name", reason: "must not be empty."))
    }

    @Test("No Habits.csv, a folder for a habit Habits.csv lacks, and a file that is not a zip")
    func structure() {
        var files = LoopFixture.bytes()
        files["Habits.csv"] = nil
        #expect(throws: LoopImportError(
            file: "Habits.csv", reason: "is missing: this is not a Loop Habit Tracker CSV export.")
        ) { try LoopBackup(files: files) }
        files = LoopFixture.bytes()
        files["009 Ghost/Checkmarks.csv"] = Array("Date,Value,Notes\n".utf8)
        #expect(throws: LoopImportError(
            file: "009 Ghost/Checkmarks.csv", reason: "belongs to position 9, which Habits.csv lacks.")
        ) { try LoopBackup(files: files) }
        #expect(throws: LoopImportError(file: "the zip archive", reason: "The file is not a zip archive.")) {
            try LoopBackup(zip: Array("Habits.csv".utf8))
        }
        var damaged = LoopFixture.deflatedZip
        damaged[200] ^= 0xFF
        #expect(throws: LoopImportError.self) { try LoopBackup(zip: damaged) }
    }

    @Test("More habits or checkmark lines than the limits allow")
    func limits() {
        #expect(LoopBackup.maximumHabitCount == 1_000)
        #expect(LoopBackup.maximumCheckmarkCount == 500_000)
        #expect(throws: LoopImportError(
            file: "Habits.csv", line: 5, reason: "has more than 3 habits, the most an import takes.")
        ) { try LoopBackup(files: LoopFixture.bytes(), maximumHabits: 3, maximumCheckmarks: 100) }
        // Meditate's six lines and Wake up early's five pass 12; Drink water's second line is the 13th.
        #expect(throws: LoopImportError(
            file: "003 Drink water/Checkmarks.csv", line: 3,
            reason: "brings the export past the limit of 12 checkmark lines in all.")
        ) { try LoopBackup(files: LoopFixture.bytes(), maximumHabits: 10, maximumCheckmarks: 12) }
        #expect(throws: Never.self) {
            try LoopBackup(files: LoopFixture.bytes(), maximumHabits: 5, maximumCheckmarks: 21)
        }
        let many = "Position,Name,FrequencyNumerator,FrequencyDenominator\n"
            + (1...1001).map { "\($0),Habit \($0),1,1\n" }.joined()
        #expect(throws: LoopImportError.self) { try LoopBackup(files: ["Habits.csv": Array(many.utf8)]) }
    }
}
