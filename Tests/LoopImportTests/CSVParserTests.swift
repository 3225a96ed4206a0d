import Testing

@testable import LoopImport

@Suite("CSV parsing (RFC 4180)")
struct CSVParserTests {
    private func parse(_ text: String, maximumRecords: Int = 100) throws(LoopImportError) -> [CSVRecord] {
        try CSVParser.parse(Array(text.utf8), file: "t.csv", maximumRecords: maximumRecords)
    }

    @Test("Quoted fields, doubled quotes, commas and line breaks inside quotes, empty fields")
    func quoting() throws {
        let records = try parse("a,\"b,c\",\"say \"\"hi\"\"\"\n\"two\nlines\",,\"\"\r\nlast,x")
        #expect(records.map(\.fields) == [["a", "b,c", "say \"hi\""], ["two\nlines", "", ""], ["last", "x"]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test("A byte order mark, a missing final line break, blank lines and a lone CR")
    func lineEnds() throws {
        let records = try parse("\u{FEFF}h1,h2\n\n1,2\r3,4")
        #expect(records.map(\.fields) == [["h1", "h2"], ["1", "2"], ["3", "4"]])
        #expect(records.map(\.line) == [1, 3, 4])
        #expect(try parse("").isEmpty)
        #expect(try parse("é,ü😀").map(\.fields) == [["é", "ü😀"]])
    }

    @Test("An unclosed quote, text after a closing quote, bad UTF-8 and too many records throw")
    func errors() {
        #expect(throws: LoopImportError(file: "t.csv", line: 2, reason: "has a quoted field that is never closed.")) {
            try parse("a\n\"open,\nmore")
        }
        #expect(throws: LoopImportError.self) { try parse("\"a\"b,c") }
        #expect(throws: LoopImportError(file: "t.csv", line: 1, reason: "is not valid UTF-8 text.")) {
            try CSVParser.parse([0x61, 0xFF], file: "t.csv", maximumRecords: 10)
        }
        #expect(throws: LoopImportError(file: "t.csv", line: 3, reason: "has more than 2 lines.")) {
            try parse("1\n2\n3\n", maximumRecords: 2)
        }
    }
}
