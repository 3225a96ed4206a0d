import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing
import Yams

@testable import HabitsScreens

/// The example documents under `Docs/Examples/` and the item examples in the OpenAPI document are the
/// output of the code for one small world; they never drift from it.
///
/// After an intended change of format: `HABITS_WRITE_EXAMPLES=1 swift test --filter ScreenExampleTests`
/// rewrites the files and the OpenAPI examples.
@Suite struct ScreenExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples = repository.appendingPathComponent("Docs/Examples")
    static let openAPI = repository.appendingPathComponent("Sources/HabitsServer/Resources/openapi.yaml")
    static let writing = ProcessInfo.processInfo.environment["HABITS_WRITE_EXAMPLES"] == "1"

    /// Alex follows Sam and Kai and favours Morning run and Read; Sam leads Morning run.
    static func world() -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Alex Rivera", key: "activeUser")
        world.users[1]?.bio = "Building better days, one habit at a time."
        world.users[1]?.color = Color(hue: 0.55, saturation: 0.6, brightness: 0.85)
        world.addUser(2, "Sam Lee", key: "sam-lee")
        world.users[2]?.color = Color(hue: 0.1, saturation: 0.5, brightness: 0.9)
        world.addUser(3, "Kai Müller", key: "kai-muller")
        world.addHabit(10, "Morning run", categoryID: 1)
        world.habitList[0].emoji = "🏃"
        world.addHabit(11, "Read", categoryID: 2)
        world.categoryList = [
            Category(id: 1, name: "Exercise", color: Color(hue: 0.3, saturation: 0.6, brightness: 0.85)),
            Category(id: 2, name: "Learning", color: Color(hue: 0.6, saturation: 0.6, brightness: 0.85)),
        ]
        // Alex's own: Stretch on three weekdays with a reminder, and an archived Journal.
        world.addHabit(12, "Stretch", categoryID: 1)
        world.habitList[2].ownerID = 1
        world.habitList[2].visibility = .personal
        world.habitList[2].schedule = HabitSchedule(kind: .weekdays([.mon, .wed, .fri]))
        world.habitList[2].reminder = ReminderTime(hour: 7, minute: 30)
        world.addHabit(13, "Journal", categoryID: 2)
        world.habitList[3].ownerID = 1
        world.habitList[3].visibility = .personal
        world.habitList[3].isArchived = true
        world.habitList[3].position = 1
        world.favorites[1] = [10, 11]
        world.follows[1] = [2, 3]
        // Alex's four runs: a streak of three up to yesterday, today (2026-11-22) still open.
        for date in ["2026-11-09", "2026-11-19", "2026-11-20", "2026-11-21"] {
            if let day = LocalDay(iso: date) { world.mark(user: 1, habit: 10, day: day) }
        }
        if let day = LocalDay(iso: "2026-11-20") { world.notes[1, default: [:]][10, default: [:]][day.number] = "5 km" }
        world.setCount(user: 1, habit: 10, 4)
        world.setCount(user: 2, habit: 10, 7)
        world.setCount(user: 3, habit: 10, 4)
        world.setCount(user: 1, habit: 11, 2)
        world.programList = [
            Program(
                id: 1, title: "30 Days of Running", author: "Sam Lee",
                summary: "From the sofa to 5 km, one run at a time.",
                categoryID: 1, price: Price(minorUnits: 1999, currency: "USD"), tag: "Bestseller", habitIDs: [10],
                featured: true, createdAt: Date(timeIntervalSince1970: 1_790_000_000)),
            Program(
                id: 2, title: "매일 독서", author: "Kai Müller", summary: "Twenty pages a day.", categoryID: 2,
                price: Price(minorUnits: 0, currency: "KRW"), tag: "New", habitIDs: [11], featured: false,
                createdAt: Date(timeIntervalSince1970: 1_790_100_000)),
        ]
        world.ratings = [1: [2: 4], 2: [1: 5, 2: 5], 3: [1: 4]]
        world.joined = [1: [1]]
        world.tagList = [HelpTag(id: 1, name: "Streaks"), HelpTag(id: 2, name: "Account")]
        world.questionList = [
            Question(
                id: 1, question: "What counts as a streak?", answer: "Days in a row, up to today or yesterday.",
                tagIDs: [1], authorID: nil, createdAt: Date(timeIntervalSince1970: 1_790_000_000)),
            Question(
                id: 2, question: "Can I log a habit for yesterday?", answer: nil, tagIDs: [1], authorID: 1,
                createdAt: Date(timeIntervalSince1970: 1_790_000_100)),
        ]
        world.recents = [1: ["🏃", "🐈"]]
        return world
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try HabitsJSON.encoder().encode(value), as: UTF8.self)
    }

    /// Checks (or, when writing, rewrites) `file` under `Docs/Examples/`.
    static func check(_ text: String, file: String) throws {
        let url = examples.appendingPathComponent(file)
        if writing {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(stored == text + "\n", "\(file) differs from the code's output; see ScreenExampleTests")
    }

    @Test func documentsMatchTheirExampleFiles() async throws {
        let world = Self.world()
        let builder = ScreenBuilder(source: world, now: Fixture.now)
        let requests: [(String, ScreenRequest)] = [
            ("home", ScreenRequest(screen: .home, viewerID: 1)),
            ("today", ScreenRequest(screen: .today, viewerID: 1)),
            ("habits", ScreenRequest(screen: .habits, viewerID: 1)),
            ("habit", ScreenRequest(screen: .habit, viewerID: 1, habitID: 10)),
            ("users", ScreenRequest(screen: .users, viewerID: 1)),
            ("user", ScreenRequest(screen: .user, viewerID: 1, userID: 2)),
            ("log", ScreenRequest(screen: .log, viewerID: 1)),
            ("streak", ScreenRequest(screen: .streak, viewerID: 1)),
            ("discover", ScreenRequest(screen: .discover, viewerID: 1)),
            ("help", ScreenRequest(screen: .help, viewerID: 1)),
            ("yourHabits", ScreenRequest(screen: .yourHabits, viewerID: 1, habitID: 12)),
            ("emoji", ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, query: "run")),
        ]
        for (name, request) in requests {
            try await Self.check(try Self.encode(try await builder.document(for: request, revision: "41")),
                file: "\(name).json")
        }
        for family in WidgetFamily.allCases {
            let widget = try await builder.widget(family, ownerID: 1, habitID: family.showsOneHabit ? 10 : nil)
            try Self.check(try Self.encode(widget), file: "widget-\(family).json")
        }
        // Kai logs Morning run once more: 5 passes Alex's 4, so Alex's line and Kai's message change.
        var next = world
        next.setCount(user: 3, habit: 10, 5)
        let home = ScreenRequest(screen: .home, viewerID: 1)
        let old = try await builder.document(for: home, revision: "41")
        let new = try await ScreenBuilder(source: next, now: Fixture.now).document(for: home, revision: "42")
        try Self.check(try Self.encode(try new.changeset(from: old)), file: "home-changes.json")
    }

    @Test func everyItemTypeHasItsExampleInTheOpenAPIDocument() async throws {
        let world = Self.world()
        let builder = ScreenBuilder(source: world, now: Fixture.now)
        var examples: [String: ItemContent] = [:]
        for request in ChangesetPropertyTests.requests(in: world) {
            for item in try await builder.document(for: request, revision: "1").items where examples[item.type] == nil {
                examples[item.type] = item.content
            }
        }
        for family in WidgetFamily.allCases {
            let widget = try await builder.widget(family, ownerID: 1, habitID: family.showsOneHabit ? 10 : nil)
            for item in widget.timeline.entries.flatMap(\.document.items) where examples[item.type] == nil {
                examples[item.type] = item.content
            }
        }
        #expect(Set(examples.keys) == Set(ItemContent.types), "every type appears in the example world")
        var yaml = try String(contentsOf: Self.openAPI, encoding: .utf8)
        var made: [String: String] = [:]
        for type in ItemContent.types.sorted() {
            guard let content = examples[type] else { continue }
            let json = String(decoding: try HabitsJSON.encoder().encode(ContentBox(content: content)), as: UTF8.self)
            try Self.check(json, file: "items/\(type).json")
            made[type] = json
            if Self.writing { yaml = Self.replacingExample(of: type, with: "      example: \(json)", in: yaml) }
        }
        if Self.writing { try yaml.write(to: Self.openAPI, atomically: true, encoding: .utf8) }
        // Read as YAML: each item schema's `example` is the JSON the code makes, whatever its layout.
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (type, json) in made.sorted(by: { $0.key < $1.key }) {
            let example = (schemas[Self.schemaName(of: type)] as? [String: Any])?["example"]
            let documented = try example.map(Self.canonicalJSON(of:))
            let expected = try Self.canonicalJSON(of: JSONSerialization.jsonObject(with: Data(json.utf8)))
            #expect(documented == expected, "openapi.yaml lacks the example of \(type): \(json)")
        }
    }

    /// A JSON value as text with sorted keys, so that two readings of one value compare equal.
    static func canonicalJSON(of value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The OpenAPI schema of each item type's content.
    static func schemaName(of type: String) -> String {
        switch type {
        case "habit": "HabitRowContent"
        default: type.prefix(1).uppercased() + type.dropFirst() + "Content"
        }
    }

    /// `yaml` with the `example:` line of `type`'s schema replaced by `line`.
    static func replacingExample(of type: String, with line: String, in yaml: String) -> String {
        var lines = yaml.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "    \(schemaName(of: type)):") else { return yaml }
        var index = start + 1
        while index < lines.count, lines[index].hasPrefix("      ") {
            if lines[index].hasPrefix("      example: ") {
                lines[index] = line
                break
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    /// An item's content encoded alone, as the OpenAPI schema of its type describes it.
    struct ContentBox: Encodable {
        var content: ItemContent
        func encode(to encoder: any Encoder) throws { try content.encodePayload(to: encoder) }
    }
}
