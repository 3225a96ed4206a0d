import Foundation
import HabitsDomain
import HabitsPostgres
import HabitsStore
import HabitsTestSupport
import Testing

/// Every commit is announced with `NOTIFY`: a write made through one instance reaches the change feed of
/// another on the same database, once, with its revision; stores in other schemas hear nothing.
@Suite(.timeLimit(.minutes(10))) struct ChangeChannelTests {
    @Test func aWriteThroughOneInstanceReachesTheOthersFeed() async throws {
        guard PostgresTestStores.shouldRun else { return }
        let configuration = try PostgresTestStores.newConfiguration()
        let writer = try await PostgresHabitStore.connect(configuration)
        let reader = try await PostgresHabitStore.connect(configuration)
        let elsewhere = try await PostgresTestStores.make(content: Fixture.content(withImage: false))
        try await writer.replaceAll(with: Fixture.content(withImage: false))
        var feed = reader.storeChanges().makeAsyncIterator()
        var ownFeed = writer.storeChanges().makeAsyncIterator()
        var otherSchema = elsewhere.storeChanges().makeAsyncIterator()

        try await writer.createLogs([LogDraft(userID: 2, habitID: 1, timestamp: Fixture.now)])
        // The replacement's announcement may arrive first: it changed the catalogue and no pair.
        var change = try #require(await feed.next())
        if change.counts.isEmpty && change.catalogue { change = try #require(await feed.next()) }
        #expect(change.counts == [CountChange(userID: 2, habitID: 1, before: 0, after: 1)])
        #expect(change.revision == writer.currentRevision())
        #expect(reader.currentRevision() == writer.currentRevision())
        // The writer's own feed has it once, from its commit, not again from the channel. (The reader's
        // element may hold the replacement too, merged: compare the pairs and the revision.)
        let own = try #require(await ownFeed.next())
        #expect(own.counts == change.counts && own.revision == change.revision)

        // A write in another schema is not this store's.
        try await elsewhere.createLogs([LogDraft(userID: 3, habitID: 2, timestamp: Fixture.now)])
        let elsewhereChange = try #require(await otherSchema.next())
        try await writer.setFavorite(userID: 3, habitID: 2, true)
        let next = try #require(await feed.next())
        #expect(next.counts.isEmpty && next.favoritesOf == [3], "got \(next), not \(elsewhereChange)")
        await writer.close()
        await reader.close()
        await elsewhere.close()
    }
}
