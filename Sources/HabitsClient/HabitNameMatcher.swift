/// Finds the habit a command names: without case, by a unique prefix, an exact name winning over prefixes.
public enum HabitNameMatcher {
    /// The one item of `items` whose name `query` means; a usage error (exit 64) when none or several do.
    /// `kind` names what is looked for in the messages ("habit", "archived habit", "category").
    public static func match<Item>(
        _ query: String, among items: [Item], name: (Item) -> String, kind: String = "habit among today's habits"
    ) throws(ClientError) -> Item {
        let wanted = fold(query)
        guard !wanted.isEmpty else { throw .usage("the name is empty") }
        let exact = items.filter { fold(name($0)) == wanted }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 {
            throw .usage("\"\(query)\" names several: \(list(exact.map(name)))")
        }
        let prefixed = items.filter { fold(name($0)).hasPrefix(wanted) }
        switch prefixed.count {
        case 1: return prefixed[0]
        case 0:
            let known = items.isEmpty ? "there are none" : "they are \(list(items.map(name)))"
            throw .usage("no \(kind) is named \"\(query)\"; \(known)")
        default:
            throw .usage("\"\(query)\" could be \(list(prefixed.map(name))); type more of the name")
        }
    }

    /// The name as compared: lowercased, spaces around it trimmed, so "read " and "READ" mean "Read".
    static func fold(_ text: String) -> String {
        String(text.lowercased().drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// Names joined for a sentence, at most 10 of them.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        return names.count > 10 ? shown + " and \(names.count - 10) more" : shown
    }
}
