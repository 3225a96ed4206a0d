/// A CSV file's header, to find fields by column name whatever their order.
struct CSVColumns {
    /// The file, for errors.
    let file: String
    /// The header's line.
    let line: Int
    /// Each column name's index.
    private let indexOfName: [String: Int]

    /// Reads the header record; names are trimmed of surrounding spaces.
    init(header: CSVRecord, file: String) {
        self.file = file
        self.line = header.line
        var indexOfName: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let trimmed = name.trimmingSpaces
            if indexOfName[trimmed] == nil { indexOfName[trimmed] = index }
        }
        self.indexOfName = indexOfName
    }

    /// Whether the header has a column `name`.
    func contains(_ name: String) -> Bool {
        indexOfName[name] != nil
    }

    /// Throws unless the header has every column in `names`.
    func require(_ names: [String]) throws(LoopImportError) {
        for name in names where !contains(name) {
            throw LoopImportError(file: file, line: line, field: name, reason: "the column is missing.")
        }
    }

    /// The field of column `name` in `record`: nil when the header has no such column; an error when the record
    /// is too short to have it.
    func field(_ name: String, in record: CSVRecord) throws(LoopImportError) -> String? {
        guard let index = indexOfName[name] else { return nil }
        guard index < record.fields.count else {
            throw LoopImportError(
                file: file, line: record.line, field: name,
                reason: "is missing: the line has \(record.fields.count) fields.")
        }
        return record.fields[index]
    }

    /// The field of a column `require` has checked.
    func requiredField(_ name: String, in record: CSVRecord) throws(LoopImportError) -> String {
        try field(name, in: record) ?? ""
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
