import Foundation
import HabitsDomain
import HabitsScreens
import Hummingbird
import HummingbirdCore

/// A screen's query parameters, read with clear errors: what `/v1/screens/{screen}` and the web
/// client's pages accept, by their names in `ScreenParameter`.
///
/// Every parameter is checked, also one the screen does not read (which `ScreenRequest` then drops): the
/// API documents each for every screen, and a malformed value is refused rather than ignored.
struct ScreenParameters {
    let query: FlatDictionary<Substring, Substring>

    /// The value of `parameter` in the query.
    private func text(_ parameter: ScreenParameter) -> String? {
        query.get(parameter.queryName)
    }

    /// The most characters a search may hold.
    static let searchLimit = 100
    /// The most groups a request may name as collapsed.
    static let collapsedLimit = 32

    /// A whole-number id, or nil when absent.
    func id(_ parameter: ScreenParameter) throws -> Int64? {
        let name = parameter.queryName
        guard let text = text(parameter) else { return nil }
        guard let id = Int64(text) else {
            throw HabitsError.malformed(reason: "\(name) must be a whole number, got \"\(text.prefix(40))\".")
        }
        return id
    }

    /// `month`, as 2026-03.
    func month() throws -> LocalMonth? {
        guard let text = text(.month) else { return nil }
        guard let month = LocalMonth(iso: String(text)) else {
            throw HabitsError.malformed(reason: "month must be a month such as 2026-03, got \"\(text.prefix(40))\".")
        }
        return month
    }

    /// A search by the one text rule: one line of at most 100 Unicode scalars.
    static let searchRule = TextRule(field: "q", lengths: 0...searchLimit)

    /// `q` by `searchRule` (trimmed, in NFC); nil when absent or blank.
    func search() throws -> String? {
        guard let text = text(.query) else { return nil }
        let checked = try Self.searchRule.checked(String(text))
        return checked.isEmpty ? nil : checked
    }

    /// `layout`: `list` (the default) or `grid`.
    func arrangement() throws -> EmojiArrangement {
        guard let text = text(.arrangement) else { return .list }
        guard let arrangement = EmojiArrangement(rawValue: String(text)) else {
            throw HabitsError.invalid(field: "layout", reason: "must be list or grid.")
        }
        return arrangement
    }

    /// `collapsed`: group slugs separated by commas (lower-case letters, digits and hyphens), each the slug
    /// of one of the picker's groups: a made-up slug would name another document of the same content.
    func collapsedGroups() throws -> Set<String> {
        guard let text = text(.collapsed), !text.isEmpty else { return [] }
        let slugs = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let isSlug = { (slug: String) in
            slug.count <= 40
                && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
        guard slugs.count <= Self.collapsedLimit, slugs.allSatisfy(isSlug) else {
            throw HabitsError.invalid(
                field: "collapsed",
                reason: "must be at most \(Self.collapsedLimit) group names such as smileys-emotion.")
        }
        if let unknown = slugs.first(where: { !ScreenRequest.collapsibleGroups.contains($0) }) {
            throw HabitsError.invalid(field: "collapsed", reason: "names no group of the picker: \"\(unknown)\".")
        }
        return Set(slugs)
    }
}
