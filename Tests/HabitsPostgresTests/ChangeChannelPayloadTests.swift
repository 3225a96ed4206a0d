@testable import HabitsPostgres
import HabitsStore
import Testing

/// A change announced on the channel is heard as it was made, counts' ranges included.
@Suite struct ChangeChannelPayloadTests {
    @Test func aCountsRangeSurvivesThePayload() throws {
        let change = StoreChange(
            revision: 7,
            counts: [
                CountChange(userID: 1, habitID: 2, before: 3, after: 4),
                CountChange(userID: 5, habitID: 2, before: 1, after: 1, lowest: 0, highest: 2),
            ], followsOf: [9])
        let (payload, stored) = PostgresChangeChannel.announcement(change, instance: "a")
        #expect(stored == nil)
        let heard = try #require(PostgresChangeChannel.change(from: payload))
        #expect(heard.instance == "a")
        #expect(heard.change == change)
    }
}
