import Testing

@testable import HabitsClient

@Suite("Habit names")
struct HabitNameMatcherTests {
    let names = ["Read", "Reading list", "Run", "Meditate", "水を飲む"]

    func match(_ query: String) throws(ClientError) -> String {
        try HabitNameMatcher.match(query, among: names, name: { $0 })
    }

    @Test("An exact name wins over the names it begins")
    func exactWins() throws {
        #expect(try match("Read") == "Read")
        #expect(try match("reading LIST") == "Reading list")
    }

    @Test("Case does not matter, nor spaces around the name")
    func caseInsensitive() throws {
        #expect(try match("MEDITATE") == "Meditate")
        #expect(try match(" run ") == "Run")
    }

    @Test("A unique prefix is enough")
    func uniquePrefix() throws {
        #expect(try match("med") == "Meditate")
        #expect(try match("ru") == "Run")
        #expect(try match("readi") == "Reading list")
        #expect(try match("水") == "水を飲む")
    }

    @Test("An ambiguous prefix is a usage error listing the candidates")
    func ambiguous() {
        #expect(throws: ClientError.usage("\"r\" could be Read, Reading list, Run; type more of the name")) {
            try match("r")
        }
        #expect((try? match("re")) == nil)
    }

    @Test("An unknown name is a usage error listing what there is")
    func unknown() {
        do {
            _ = try match("Swim")
            Issue.record("Swim matched")
        } catch {
            #expect(error.exitStatus == .usage)
            #expect(error.message.contains("\"Swim\"") && error.message.contains("Meditate"))
        }
        #expect(throws: ClientError.self) { try HabitNameMatcher.match("x", among: [String](), name: { $0 }) }
        #expect(throws: ClientError.usage("the name is empty")) { try match("  ") }
    }

    @Test("Two habits with the same name without case are ambiguous even when exact")
    func twoExact() {
        #expect(throws: ClientError.self) {
            try HabitNameMatcher.match("read", among: ["Read", "READ"], name: { $0 })
        }
    }
}
