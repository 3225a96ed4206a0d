import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// The screen cache's byte budget counts each document by its estimate: it must grow with what the document
/// holds, and stay near what it costs in memory (at least its JSON, which is more compact than its structs).
@Suite struct ScreenDocumentSizeTests {
    @Test func everyScreenIsEstimatedBetweenItsJSONAndFourTimesIt() async throws {
        let world = ScreenExampleTests.world()
        let builder = ScreenBuilder(source: world, now: Fixture.now)
        let requests = ChangesetPropertyTests.requests(in: world) + [
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10),
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, arrangement: .grid),
            ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10, query: "face"),
        ]
        for request in requests {
            let document = try await builder.document(for: request, revision: "1")
            let json = try HabitsJSON.encoder().encode(document).count
            let estimate = document.estimatedByteCount
            #expect(estimate >= json && estimate <= 4 * json, "\(request): \(estimate) bytes for \(json) of JSON")
        }
    }

    @Test func theEstimateCountsEveryLongString() async throws {
        var world = ScreenExampleTests.world()
        let builder = { (world: WorldSource) in ScreenBuilder(source: world, now: Fixture.now) }
        let request = ScreenRequest(screen: .user, viewerID: 1, userID: 1)
        let plain = try await builder(world).document(for: request, revision: "1").estimatedByteCount
        let bio = String(repeating: "é", count: 5_000)
        world.users[1]?.bio = bio
        let long = try await builder(world).document(for: request, revision: "1").estimatedByteCount
        #expect(long - plain >= bio.utf8.count)

        // The full picker is large: over a megabyte of emoji, their names and their actions.
        let picker = try await builder(world).document(
            for: ScreenRequest(screen: .emoji, viewerID: 1, habitID: 10), revision: "1")
        #expect(picker.estimatedByteCount > 1 << 20)
        #expect(picker.estimatedByteCount > picker.items.count * 500)
    }
}
