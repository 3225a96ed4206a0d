/// One record of a CSV file.
struct CSVRecord: Hashable {
    /// The 1-based line the record starts on (a quoted field may span lines).
    var line: Int
    /// The record's fields, unquoted.
    var fields: [String]
}

/// Parses CSV as RFC 4180 describes it, plus what real files carry: LF or CRLF line ends, a UTF-8 byte order
/// mark, and blank lines (skipped).
///
/// Fields may be quoted; inside quotes, commas and line breaks are data and a doubled quote is one quote. A quote
/// inside an unquoted field is taken as data, as lenient readers do; a quoted field that is not closed, or is
/// followed by anything but a comma or a line end, is an error.
enum CSVParser {
    /// The records of `bytes`, at most `maximumRecords` of them: one more throws with `excessReason`, so a huge
    /// file stops early.
    /// - Complexity: O(n) in the size of the file.
    static func parse(
        _ bytes: [UInt8], file: String, maximumRecords: Int, excessReason: String? = nil
    ) throws(LoopImportError) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var recordLine = 1

        func finishField() throws(LoopImportError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw LoopImportError(file: file, line: line, reason: "is not valid UTF-8 text.")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        func finishRecord() throws(LoopImportError) {
            try finishField()
            // A blank line is one empty field: skip it rather than make a record of it.
            if fields != [""] {
                guard records.count < maximumRecords else {
                    let reason = excessReason ?? "has more than \(maximumRecords) lines."
                    throw LoopImportError(file: file, line: recordLine, reason: reason)
                }
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), field.isEmpty {
                index = try readQuoted(bytes, from: index + 1, into: &field, line: &line, file: file)
                guard index == bytes.count || [UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[index]) else {
                    let reason = "has text after a closing quote; quotes inside a field must be doubled."
                    throw LoopImportError(file: file, line: line, reason: reason)
                }
                continue
            }
            index += 1
            switch byte {
            case UInt8(ascii: ","):
                try finishField()
            case 0x0D, 0x0A:
                // CRLF is one line end; a lone CR counts as one too.
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                try finishRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if !field.isEmpty || !fields.isEmpty { try finishRecord() }
        return records
    }

    /// Reads a quoted field's contents from just after its opening quote; returns the index after the closing quote.
    private static func readQuoted(
        _ bytes: [UInt8], from start: Int, into field: inout [UInt8], line: inout Int, file: String
    ) throws(LoopImportError) -> Int {
        let openingLine = line
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return index }
                index += 1
            } else if byte == 0x0A {
                line += 1
            }
            field.append(byte)
        }
        throw LoopImportError(file: file, line: openingLine, reason: "has a quoted field that is never closed.")
    }
}
