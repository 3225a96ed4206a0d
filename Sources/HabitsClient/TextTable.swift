import HabitsDomain

/// Rows of cells printed as aligned columns, two spaces apart, without trailing spaces.
public struct TextTable: Sendable {
    public var header: [String]?
    public var rows: [[String]]

    public init(header: [String]? = nil, rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table as lines joined by newlines, with a final newline when there is any row.
    public func render() -> String {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            all.map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : DisplayWidth.padded(cell, to: widths[column]) + "  "
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.map { $0 + "\n" }.joined()
    }
}
