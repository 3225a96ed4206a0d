/// Why an export could not be read, pointing at the file, line and field at fault when there is one.
public struct LoopImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file in the export ("Habits.csv", "001 Meditate/Checkmarks.csv"), or "the zip archive".
    public var file: String
    /// The 1-based line of the file where the record starts, when the problem is in one.
    public var line: Int?
    /// The column's name, when the problem is in one field.
    public var field: String?
    /// What is wrong, as a sentence ending with a full stop.
    public var reason: String

    /// An error at `file`, `line` and `field`.
    public init(file: String, line: Int? = nil, field: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.field = field
        self.reason = reason
    }

    /// The place and the reason, as in "Habits.csv, line 3, field Name: must not be empty."
    public var description: String {
        var place = [file]
        if let line { place.append("line \(line)") }
        if let field { place.append("field \(field)") }
        return place.joined(separator: ", ") + ": " + reason
    }
}
