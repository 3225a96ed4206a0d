import Foundation
import Testing
import ZipArchive

@testable import LoopImport

@Suite("Reading a Loop Habit Tracker export")
struct LoopBackupTests {
    /// What the fixture holds, habit by habit.
    static let expected: [LoopHabit] = [
        LoopHabit(
            position: 1, name: "Meditate", question: "Did you meditate this morning?",
            description: "Ten minutes after waking", kind: .yesNo,
            frequency: .init(numerator: 1, denominator: 1), color: "#FF8F00", isArchived: false,
            checkmarks: [
                LoopDay(year: 2024, month: 2, day: 29, checkmark: .yes),
                LoopDay(year: 2024, month: 3, day: 1, checkmark: .yes, notes: "\"Best\" session"),
                LoopDay(year: 2024, month: 3, day: 3, checkmark: .no, notes: "Sick"),
                LoopDay(year: 2024, month: 3, day: 4, checkmark: .skip, notes: "Travelling"),
                LoopDay(year: 2024, month: 3, day: 5, checkmark: .yes),
            ]
        ),
        LoopHabit(
            position: 2, name: "Wake up early", question: "Did you wake up before 6am?", kind: .yesNo,
            frequency: .init(numerator: 2, denominator: 3), color: "#00897B",
            checkmarks: [
                LoopDay(year: 2024, month: 3, day: 1, checkmark: .yes),
                LoopDay(year: 2024, month: 3, day: 3, checkmark: .no),
                LoopDay(year: 2024, month: 3, day: 4, checkmark: .yes),
            ]
        ),
        LoopHabit(
            position: 3, name: "Drink water", question: "How many glasses did you drink today?",
            kind: .numerical(unit: "glasses", target: 8, targetType: .atLeast),
            frequency: .init(numerator: 1, denominator: 1), color: "#039BE5",
            checkmarks: [
                LoopDay(year: 2024, month: 3, day: 1, checkmark: .skip),
                LoopDay(year: 2024, month: 3, day: 2, checkmark: .amount(10.25)),
                LoopDay(year: 2024, month: 3, day: 3, checkmark: .amount(0)),
                LoopDay(year: 2024, month: 3, day: 4, checkmark: .amount(6.5), notes: "Hot day"),
                LoopDay(year: 2024, month: 3, day: 5, checkmark: .amount(8)),
            ]
        ),
        LoopHabit(
            position: 4, name: "Read \"Dune\", slowly", question: "Did you read?",
            description: "A chapter a day,\nno skipping", kind: .yesNo,
            frequency: .init(numerator: 3, denominator: 7), color: "#8E24AA", isArchived: true,
            checkmarks: [
                LoopDay(year: 2023, month: 12, day: 28, checkmark: .yes),
                LoopDay(year: 2023, month: 12, day: 31, checkmark: .yes),
            ]
        ),
        LoopHabit(
            position: 5, name: "Smoke", question: "How many cigarettes?",
            kind: .numerical(unit: "cigarettes", target: 5, targetType: .atMost),
            frequency: .init(numerator: 7, denominator: 7), color: "#D32F2F"
        ),
    ]

    @Test("The fixture's files read into the expected habits")
    func files() throws {
        let backup = try LoopBackup(files: LoopFixture.bytes())
        #expect(backup.habits.count == 5)
        for (habit, expected) in zip(backup.habits, Self.expected) {
            #expect(habit == expected)
        }
    }

    @Test("The same export zipped with deflate and data descriptors, and zipped stored, read alike")
    func zips() throws {
        let deflated = try ZipReader(bytes: LoopFixture.deflatedZip)
        #expect(deflated.entries.allSatisfy { $0.compressionMethod == 8 })
        #expect(deflated.entries.count == 13)
        #expect(try LoopBackup(zip: LoopFixture.deflatedZip).habits == Self.expected)
        #expect(try LoopBackup(zip: LoopFixture.storedZip()).habits == Self.expected)
    }

    @Test("Habits come in position order whatever the file's order, and a folder without Checkmarks.csv is empty")
    func orderAndMissingFiles() throws {
        var files = LoopFixture.files
        let lines = (files["Habits.csv"] ?? "").components(separatedBy: "\n")
        // Header, then Smoke (the last line; Dune's description spans two) before the others.
        files["Habits.csv"] = ([lines[0], lines[6]] + lines[1...5]).joined(separator: "\n")
        files["001 Meditate/Checkmarks.csv"] = nil
        let habits = try LoopBackup(files: LoopFixture.bytes(files)).habits
        #expect(habits.map(\.position) == [1, 2, 3, 4, 5])
        #expect(habits[0].checkmarks.isEmpty)
        #expect(habits[1] == Self.expected[1])
    }

    @Test("An export zipped again inside one folder is found")
    func nestedRoot() throws {
        let nested = Dictionary(
            uniqueKeysWithValues: LoopFixture.files.map { ("Loop Habits CSV 2024-03-05/" + $0, $1) })
        #expect(try LoopBackup(zip: LoopFixture.storedZip(nested)).habits == Self.expected)
    }

    @Test("The older format: no Type or Archived? columns, headerless numeric checkmark files")
    func olderFormat() throws {
        let files: [String: String] = [
            "Habits.csv": """
                Position,Name,Question,Description,NumRepetitions,Interval,Color
                001,Meditate,Did you meditate this morning?,,1,1,#FF8F00
                002,Water,How many glasses?,,1,1,#039BE5
                003,Wake up early,Did you wake up before 6am?,,2,3,#00897B
                """,
            "001 Meditate/Checkmarks.csv": "2015-01-25,2\n2015-01-24,-1\n2015-01-23,3\n2015-01-22,0\n2015-01-21,1",
            "002 Water/Checkmarks.csv": "2015-01-25,8000\n2015-01-24,0\n2015-01-23,3",
            "003 Wake up early/Checkmarks.csv": "2015-01-25,1\n2015-01-24,2",
        ]
        let habits = try LoopBackup(files: LoopFixture.bytes(files)).habits
        #expect(habits[0].kind == .yesNo)
        #expect(habits[0].checkmarks.map(\.checkmark) == [.no, .skip, .yes])
        #expect(habits[0].frequency == .init(numerator: 1, denominator: 1))
        #expect(habits[1].kind == .numerical(unit: "", target: 0, targetType: .atLeast))
        #expect(habits[1].checkmarks.map(\.checkmark) == [.skip, .amount(0), .amount(8)])
        #expect(habits[2].checkmarks.map(\.checkmark) == [.yes])
        #expect(habits.allSatisfy { !$0.isArchived && $0.question.hasPrefix("Did") || $0.name == "Water" })
    }

    @Test("CRLF line ends, a byte order mark and blank lines are accepted")
    func lineEnds() throws {
        let files = LoopFixture.bytes().mapValues { bytes in
            [0xEF, 0xBB, 0xBF] + Array(String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "\n", with: "\r\n").utf8) + Array("\r\n\r\n".utf8)
        }
        var expected = Self.expected
        // The line break inside Dune's quoted description is data, so it stays CRLF.
        expected[3].description = "A chapter a day,\r\nno skipping"
        #expect(try LoopBackup(files: files).habits == expected)
    }
}
