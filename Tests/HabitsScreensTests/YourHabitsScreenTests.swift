import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Your Habits: the editor's fields for a new habit and for one's own, and the list's order and actions.
@Suite struct YourHabitsScreenTests {
    /// Viewer 1 owns Walk (weekdays, reminder), Water (8 a day) and an archived Journal; 2 owns Secret.
    static func world() -> WorldSource {
        var world = WorldSource()
        world.addUser(1, "Me")
        world.users[1]?.locale = "de_DE"
        world.addUser(2, "Other")
        world.addHabit(10, "Shared run")
        func own(_ id: Int64, _ name: String, owner: Int64, position: Int, change: (inout Habit) -> Void = { _ in }) {
            world.addHabit(id, name)
            var habit = world.habitList[world.habitList.count - 1]
            habit.ownerID = owner
            habit.visibility = .personal
            habit.position = position
            change(&habit)
            world.habitList[world.habitList.count - 1] = habit
        }
        own(20, "Water", owner: 1, position: 1) { $0.schedule = HabitSchedule(kind: .daily, timesPerDay: 8) }
        own(21, "Walk", owner: 1, position: 0) {
            $0.schedule = HabitSchedule(kind: .weekdays([.sun, .mon, .thu]))
            $0.reminder = ReminderTime(hour: 7, minute: 5)
        }
        own(22, "Journal", owner: 1, position: 2) { $0.isArchived = true }
        own(30, "Secret", owner: 2, position: 0)
        return world
    }

    static func document(editing habitID: Int64? = nil) async throws -> ScreenDocument {
        try await ScreenBuilder(source: world()).document(
            for: ScreenRequest(screen: .yourHabits, viewerID: 1, habitID: habitID), revision: "1")
    }

    static func fields(_ document: ScreenDocument) -> [String: FormField] {
        var fields: [String: FormField] = [:]
        for item in document.items { if let field = item.content.as(FormField.self) { fields[field.name] = field } }
        return fields
    }

    @Test func aNewHabitsFormIsEmptyAndPostsAsTheViewersOwn() async throws {
        let document = try await Self.document()
        #expect(document.sections.map(\.id) == ["form", "own", "archived"])
        #expect(document.sections[0].header?.title == "Add a Habit")
        let fields = Self.fields(document)
        #expect(fields["name"]?.value == "" && fields["name"]?.required == true)
        #expect(fields["schedule.kind"]?.value == "daily")
        let weekdaysOnly = FormField.Condition(field: "schedule.kind", values: ["weekdays"])
        #expect(fields["schedule.weekdays"]?.shownWhen == weekdaysOnly)
        // A German week starts on Monday.
        #expect(fields["schedule.weekdays"]?.options.map(\.value) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(fields["reminder"]?.clearable == false, "a new habit leaves an empty reminder out")
        let submit = try #require(document.items.first { $0.id == "submit" })
        let post = try #require(submit.actions.first)
        #expect(post.method == "POST" && post.path == "/v1/habits")
        #expect(post.body == ["ownerID": .integer(1), "visibility": .string("personal")])
    }

    @Test func editingOnesOwnFillsTheFormAndPatchesIt() async throws {
        let document = try await Self.document(editing: 21)
        #expect(document.sections[0].header?.title == "Edit Walk")
        let fields = Self.fields(document)
        #expect(fields["name"]?.value == "Walk")
        #expect(fields["schedule.kind"]?.value == "weekdays")
        #expect(fields["schedule.weekdays"]?.value == "sun,mon,thu")
        #expect(fields["reminder"]?.value == "07:05" && fields["reminder"]?.clearable == true)
        let submit = try #require(document.items.first { $0.id == "submit" })
        #expect(submit.actions.first?.method == "PATCH" && submit.actions.first?.path == "/v1/habits/21")
        #expect(submit.content.as(FormSubmit.self)?.next == ScreenLinkContent(screen: .yourHabits))
        let row = try #require(document.items.first { $0.id == "own-21" }?.content.as(OwnHabitRow.self))
        #expect(row.isEditing)
        // Someone else's habit, or an archived one, is not edited here: the form adds a new one.
        #expect(try await Self.document(editing: 30).sections[0].header?.title == "Add a Habit")
        #expect(try await Self.document(editing: 22).sections[0].header?.title == "Add a Habit")
    }

    @Test func theListIsInTheOwnersOrderWithMovesAndArchive() async throws {
        let document = try await Self.document()
        let own = try #require(document.sections.first { $0.id == "own" })
        #expect(own.items.map(\.id) == ["own-21", "own-20"])
        let rows = own.items.compactMap { $0.content.as(OwnHabitRow.self) }
        #expect(rows.map(\.schedule) == ["Mon, Thu, Sun", "Every day · 8 times a day"])
        #expect(rows[0].reminder == "07:05")
        let first = own.items[0].actions.map(\.title)
        #expect(first == ["Edit Walk", "Move Down", "Archive"])
        let down = try #require(own.items[0].actions.first { $0.title == "Move Down" })
        #expect(down.method == "PUT" && down.path == "/v1/users/1/habit-order")
        #expect(down.body == ["habitIDs": .integers([20, 21])])
        #expect(own.items[1].actions.map(\.title) == ["Edit Water", "Move Up", "Archive"])
        let archived = try #require(document.sections.first { $0.id == "archived" })
        #expect(archived.items.map(\.id) == ["own-22"])
        #expect(archived.items[0].actions.map(\.path) == ["/v1/habits/22/restore"])
        #expect(!document.items.contains { $0.id == "own-30" }, "nobody else's habits")
    }

    @Test func withoutHabitsOfOnesOwnTheListSaysHowToStart() async throws {
        var world = Self.world()
        world.habitList.removeAll { $0.ownerID == 1 }
        let document = try await ScreenBuilder(source: world).document(
            for: ScreenRequest(screen: .yourHabits, viewerID: 1), revision: "1")
        #expect(document.sections.map(\.id) == ["form", "own"])
        #expect(document.sections[1].items.first?.content.as(EmptyState.self)?.title == "No habits of your own yet")
    }
}
