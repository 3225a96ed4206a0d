import HabitsDomain
import HabitsStore
import HabitsTestSupport
import Testing

@testable import HabitsScreens

/// Plain examples of the invalidation rules that the property test reaches only on a lucky seed.
@Suite struct DependencyExampleTests {
    @Test func aHelpChangeAffectsTheHelpScreenAndOnlyScreensThatReadHelp() async throws {
        let observing = ObservingSource(HelpScreenTests.world())
        _ = try await ScreenBuilder(source: observing).document(
            for: ScreenRequest(screen: .help, viewerID: 1), revision: "1")
        let helpChange = StoreChange(revision: 2, help: true)
        #expect(observing.dependencies.readsHelp)
        #expect(observing.dependencies.impact(of: helpChange) == .affected)
        #expect(ScreenDependencies().impact(of: helpChange) == .unaffected, "a screen that read no help")
    }

    /// A top-k list whose lowest count is 5: a count that reaches exactly 5 ties into it, one that
    /// stays below does not.
    @Test func aCountReachingExactlyTheLowestCountOfATopKListEntersIt() async {
        var dependencies = ScreenDependencies()
        dependencies.rankingThresholds[7] = 5
        let reaching = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 7, before: 4, after: 5)])
        let below = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 7, before: 3, after: 4)])
        let elsewhere = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 8, before: 4, after: 5)])
        let leaving = StoreChange(revision: 2, counts: [CountChange(userID: 3, habitID: 7, before: 5, after: 4)])
        #expect(dependencies.impact(of: reaching) == .rerank(rankings: [7]))
        #expect(
            dependencies.impact(of: leaving) == .rerank(rankings: [7]), "a count at the threshold that drops may leave")
        // Any other read the change touches asks for a rebuild, whatever it did to rankings.
        var alsoCounts = dependencies
        alsoCounts.countsOf = [3]
        #expect(alsoCounts.impact(of: reaching) == .affected)
        #expect(dependencies.impact(of: below) == .unaffected)
        #expect(dependencies.impact(of: elsewhere) == .unaffected)
    }
}
