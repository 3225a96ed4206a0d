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

    /// An instance tells its own announcements from their opening, and no other instance's, not even one
    /// whose id starts with its own.
    @Test func anInstanceKnowsItsOwnPayloadsWithoutDecodingThem() {
        let change = StoreChange(revision: 3, counts: [CountChange(userID: 1, habitID: 2, before: 0, after: 1)])
        let own = "6F1C2B7A-0D3E-4F5A-9B8C-7D6E5F4A3B2C"
        let (payload, _) = PostgresChangeChannel.announcement(change, instance: own)
        #expect(PostgresChangeChannel.isAnnounced(payload, by: own))
        #expect(!PostgresChangeChannel.isAnnounced(payload, by: "6F1C2B7A"))
        let (longer, _) = PostgresChangeChannel.announcement(change, instance: own + "0")
        #expect(!PostgresChangeChannel.isAnnounced(longer, by: own))
        let (large, stored) = PostgresChangeChannel.announcement(
            StoreChange(revision: 4, followsOf: Set(1...2_000)), instance: own)
        #expect(stored != nil && PostgresChangeChannel.isAnnounced(large, by: own))
        #expect(PostgresChangeChannel.change(from: large)?.byReference == true)
        // Any other instance id is escaped and read back as it was, though not told from the opening.
        let odd = "a\"b\\c\n\u{1}é"
        let (oddPayload, _) = PostgresChangeChannel.announcement(change, instance: odd)
        let heard = PostgresChangeChannel.change(from: oddPayload)
        #expect(heard?.instance == odd && heard?.change == change)
    }
}
