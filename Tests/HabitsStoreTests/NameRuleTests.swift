import HabitsDomain
import HabitsStore
import Testing

/// The rule on look-alike names, alone: what a store keeps and what it refuses, from what it found.
@Suite struct NameRuleTests {
    @Test func theSkeletonsAreTheDisplayNamesAndTheUsernames() {
        let user = User(id: 1, key: "aIice", name: "alice", color: nil, bio: nil, timeZone: "UTC", locale: "en")
        let skeletons = NameRule.skeletons(of: user)
        #expect(skeletons.name == ConfusableSkeleton.skeleton(of: "alice"))
        #expect(skeletons.key == skeletons.name)
    }

    @Test func aLookAlikeIsRefusedNamingTheField() throws {
        try NameRule.checkNotConfusable(nameTaken: false, keyTaken: false)
        #expect(throws: StoreRefusal.confusableName) {
            try NameRule.checkNotConfusable(nameTaken: true, keyTaken: false)
        }
        // The username first: a sign-up form shows it above the name.
        #expect(throws: StoreRefusal.confusableUsername) {
            try NameRule.checkNotConfusable(nameTaken: true, keyTaken: true)
        }
        #expect(StoreRefusal.confusableName.description.hasPrefix("invalid"))
    }
}
