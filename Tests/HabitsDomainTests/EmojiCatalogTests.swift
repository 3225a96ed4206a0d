import Foundation
import HabitsDomain
import Testing

/// emoji-test.txt as the data test reads it, on its own rather than through the generator script,
/// so that a mistake in the script cannot hide from the test.
private struct EmojiTestFile: Sendable {
    /// One data line: `CODE POINTS ; STATUS # EMOJI E<version> NAME`.
    struct Line: Sendable {
        let group: String
        let subgroup: String
        let status: String
        let emoji: String
        let name: String

        var isFullyQualified: Bool { status == "fully-qualified" }
        var hasSkinToneModifier: Bool { emoji.unicodeScalars.contains(where: isSkinToneModifier) }
    }

    /// Where Debian's unicode-data package installs it (scripts/test.sh installs the package).
    static let path = "/usr/share/unicode/emoji/emoji-test.txt"
    /// Whether the data tests run: with the file, or in CI, where its absence is a failure.
    static let shouldRun = FileManager.default.fileExists(atPath: path) || isCI
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    /// The file, read once for every test; nil when it is missing or unreadable.
    static let installed: EmojiTestFile? = (try? String(contentsOfFile: path, encoding: .utf8)).map(Self.init(text:))

    var version = ""
    var groups: [String] = []
    var lines: [Line] = []
    /// `# <Group> subtotal: N`: every line of the group, whatever its status.
    var subtotals: [String: Int] = [:]
    /// `# <Group> subtotal: N w/o modifiers`: the lines without a skin-tone modifier.
    var subtotalsWithoutModifiers: [String: Int] = [:]
    /// `# fully-qualified : N` of the status counts.
    var fullyQualifiedCount: Int?

    init(text: String) {
        var subgroup = ""
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let value = line.value(after: "# Version:") {
                version = value
            } else if let value = line.value(after: "# group:") {
                groups.append(value)
            } else if let value = line.value(after: "# subgroup:") {
                subgroup = value
            } else if let value = line.value(after: "# fully-qualified :") {
                fullyQualifiedCount = Int(value)
            } else if line.hasPrefix("# "), let marker = line.range(of: " subtotal:") {
                // "# Smileys & Emotion subtotal:<TAB><TAB>180", then the same "<TAB>w/o modifiers".
                let group = String(line[line.index(line.startIndex, offsetBy: 2)..<marker.lowerBound])
                let count = line[marker.upperBound...].split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
                if line.hasSuffix("w/o modifiers") {
                    subtotalsWithoutModifiers[group] = count
                } else {
                    subtotals[group] = count
                }
            } else if !line.isEmpty, !line.hasPrefix("#"), let group = groups.last {
                lines.append(Self.line(line, group: group, subgroup: subgroup))
            }
        }
    }

    /// A data line; the emoji is spelt from its code points, the name read from the comment.
    static func line(_ line: String, group: String, subgroup: String) -> Line {
        let data = line.split(separator: "#", maxSplits: 1)
        let fields = data[0].split(separator: ";")
        let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        // The comment is "EMOJI E<version> NAME".
        let comment = data.count > 1 ? data[1].split(separator: " ", maxSplits: 2) : []
        return Line(
            group: group,
            subgroup: subgroup,
            status: fields.count > 1 ? fields[1].trimmingCharacters(in: .whitespaces) : "",
            emoji: String(String.UnicodeScalarView(scalars)),
            name: comment.count > 2 ? String(comment[2]) : ""
        )
    }

    /// The file, or nil after recording a failure in CI; outside CI the tests do not run without it.
    static func load() -> EmojiTestFile? {
        guard let installed else {
            Issue.record("\(path) is missing: install Debian's unicode-data package (scripts/test.sh does).")
            return nil
        }
        guard installed.version == EmojiCatalog.version else {
            let message =
                "\(path) is Emoji \(installed.version), the data Emoji \(EmojiCatalog.version): "
                + "run scripts/generate-emoji-data.py."
            Issue.record(Comment(rawValue: message))
            return nil
        }
        return installed
    }
}

/// The skin-tone modifiers U+1F3FB…U+1F3FF.
private func isSkinToneModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
}

extension String {
    /// The trimmed rest of the line after `prefix`, or nil when the line does not start with it.
    fileprivate func value(after prefix: String) -> String? {
        hasPrefix(prefix) ? dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) : nil
    }
}

@Suite struct EmojiCatalogTests {
    static let missingFile = "\(EmojiTestFile.path) is missing: install Debian's unicode-data package to run this test."

    // MARK: The data against emoji-test.txt

    @Test(.enabled(if: EmojiTestFile.shouldRun, Comment(rawValue: missingFile)))
    func countsPerGroupMatchTheSubtotals() {
        guard let file = EmojiTestFile.load() else { return }
        for group in EmojiCatalog.groups {
            let others = file.lines.filter { $0.group == group.name && !$0.isFullyQualified }
            #expect(group.entries.count + others.count == file.subtotals[group.name], "\(group.name)")
            let entriesWithoutModifiers = group.entries.filter {
                !$0.emoji.unicodeScalars.contains(where: isSkinToneModifier)
            }
            let othersWithoutModifiers = others.filter { !$0.hasSkinToneModifier }
            #expect(
                entriesWithoutModifiers.count + othersWithoutModifiers.count
                    == file.subtotalsWithoutModifiers[group.name],
                "\(group.name) w/o modifiers")
        }
        // Smileys & Emotion: 166 fully-qualified, 14 other lines, 180 in its subtotal.
        #expect(EmojiCatalog.groups.first?.entries.count == 166)
        #expect(EmojiCatalog.groups.reduce(0) { $0 + $1.entries.count } == file.fullyQualifiedCount)
        #expect(file.fullyQualifiedCount == 3655)
    }

    @Test(.enabled(if: EmojiTestFile.shouldRun, Comment(rawValue: missingFile)))
    func groupsAreTheFilesInItsOrderWithoutComponent() {
        guard let file = EmojiTestFile.load() else { return }
        // Component holds no fully-qualified emoji, so it is the one group the picker leaves out.
        let withEmoji = file.groups.filter { group in file.lines.contains { $0.group == group && $0.isFullyQualified } }
        #expect(file.groups.filter { !withEmoji.contains($0) } == ["Component"])
        #expect(EmojiCatalog.groups.map(\.name) == withEmoji)
    }

    @Test(.enabled(if: EmojiTestFile.shouldRun, Comment(rawValue: missingFile)))
    func entriesAreTheFullyQualifiedLinesInFileOrder() {
        guard let file = EmojiTestFile.load() else { return }
        for group in EmojiCatalog.groups {
            let expected = file.lines.filter { $0.group == group.name && $0.isFullyQualified }
            // Compared by scalars: String equality would let canonically equivalent spellings pass.
            #expect(
                group.entries.map { Array($0.emoji.unicodeScalars) } == expected.map { Array($0.emoji.unicodeScalars) })
            #expect(group.entries.map(\.name) == expected.map(\.name), "\(group.name)")
            #expect(group.entries.map(\.subgroup) == expected.map(\.subgroup), "\(group.name)")
            #expect(group.entries.allSatisfy { $0.group == group.name })
        }
    }

    // MARK: Groups and lookup

    @Test func versionAndSlugs() {
        #expect(EmojiCatalog.version == "15.0")
        let slugs = EmojiCatalog.groups.map(\.slug)
        #expect(slugs.first == "smileys-emotion")
        #expect(slugs.dropFirst().first == "people-body")
        #expect(Set(slugs).count == slugs.count)
        #expect(
            slugs.allSatisfy { slug in slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") } })
    }

    @Test func entryForAnEmojiIsHashed() {
        let runner = EmojiCatalog.entry(for: "🏃")
        #expect(runner?.name == "person running")
        #expect(runner?.group == "People & Body")
        #expect(runner?.subgroup == "person-activity")
        #expect(EmojiCatalog.entry(for: "not an emoji") == nil)
        #expect(EmojiCatalog.entry(for: "") == nil)
    }

    @Test func aPickIsOneFullyQualifiedEmojiOfTheList() throws {
        #expect(try EmojiCatalog.pick("🐈") == "🐈")
        #expect(throws: HabitsError.invalid(field: "emoji", reason: "must be 1 to 4 emoji characters, such as 🏃.")) {
            try EmojiCatalog.pick("abc")
        }
        for text in ["🏃🏃", "\u{2764}"] {
            #expect(throws: HabitsError.self) { try EmojiCatalog.pick(text) }
        }
    }

    @Test(arguments: [
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "family: man, woman, girl, boy"),
        ("\u{1F1EF}\u{1F1F5}", "flag: Japan"),
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "flag: Scotland"),
    ])
    func sequencesRoundTrip(emoji: String, name: String) throws {
        let entry = try #require(EmojiCatalog.entry(for: emoji))
        #expect(entry.name == name)
        #expect(Array(entry.emoji.unicodeScalars) == Array(emoji.unicodeScalars))
        #expect(EmojiCatalog.groups.first { $0.name == entry.group }?.entries.contains(entry) == true)
    }

    // MARK: Search

    @Test func searchKeepsOnlyMatchingEntriesAndGroups() {
        let result = EmojiCatalog.matching("smil")
        let names = result.flatMap(\.entries).map(\.name)
        #expect(names.contains("grinning face with smiling eyes"))
        #expect(names.contains("smiling cat with heart-eyes"))
        #expect(names.allSatisfy { $0.contains("smil") })
        #expect(result.allSatisfy { !$0.entries.isEmpty })
        let groupsWithAMatch = EmojiCatalog.groups.filter { $0.entries.contains { $0.name.contains("smil") } }
        #expect(result.map(\.name) == groupsWithAMatch.map(\.name))
    }

    @Test func searchIgnoresCaseAndExtraSpaces() {
        let names = EmojiCatalog.matching("  FACE  grin ").flatMap(\.entries).map(\.name)
        #expect(names.contains("grinning face"))
        #expect(names.contains("grinning face with smiling eyes"))
        #expect(names.allSatisfy { $0.contains("face") && $0.contains("grin") })
    }

    @Test func searchIgnoresDiacritics() {
        #expect(EmojiCatalog.matching("pinata").flatMap(\.entries).map(\.emoji) == ["🪅"])
        #expect(EmojiCatalog.matching("PIÑATA").flatMap(\.entries).map(\.name) == ["piñata"])
        #expect(EmojiCatalog.matching("cote").flatMap(\.entries).map(\.name).contains("flag: Côte d’Ivoire"))
    }

    @Test func searchReadsTypographicApostrophesAsTypedOnes() {
        #expect(EmojiCatalog.matching("d'ivoire").flatMap(\.entries).map(\.name) == ["flag: Côte d’Ivoire"])
        #expect(EmojiCatalog.matching("D’IVOIRE").flatMap(\.entries).map(\.name) == ["flag: Côte d’Ivoire"])
    }

    @Test func blankQueryReturnsEveryGroupAndANonsenseQueryNone() {
        #expect(EmojiCatalog.matching("") == EmojiCatalog.groups)
        #expect(EmojiCatalog.matching(" \t\n ") == EmojiCatalog.groups)
        #expect(EmojiCatalog.matching("qqzzx").isEmpty)
        #expect(EmojiCatalog.matching("face qqzzx").isEmpty)
    }
}
