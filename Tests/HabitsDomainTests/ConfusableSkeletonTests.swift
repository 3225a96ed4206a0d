import Foundation
import HabitsDomain
import Testing

/// Names that look alike have one skeleton (UTS #39 over Unicode's confusables.txt); names that do not,
/// do not.
@Suite struct ConfusableSkeletonTests {
    let skeleton = ConfusableSkeleton.skeleton(of:)

    @Test func theResourceIsThere() {
        #expect(ConfusableSkeleton.isAvailable)
    }

    @Test(arguments: [
        ("alice", "aIice"),  // a capital I for the l
        ("alice", "aliсe"),  // U+0441 CYRILLIC SMALL LETTER ES
        ("ALICE", "AL1CE"),  // a digit one for the capital I
        ("alice", "a1ice"),  // a digit one
        ("paypal", "pаypal"),  // U+0430 CYRILLIC SMALL LETTER A
        ("modern", "rnodern"),  // r n for m
        ("Ada", "Ａｄａ"),  // full-width letters
        ("Zoë", "Zoe\u{308}"),  // composed and decomposed
    ])
    func lookAlikesShareASkeleton(one: String, other: String) {
        #expect(skeleton(one) == skeleton(other), "\(one) / \(other)")
    }

    @Test(arguments: [
        ("alice", "alicia"), ("Ada", "Adam"), ("김민준", "김민수"), ("bob", "rob"), ("Zoë", "Zoe"), ("alice", "ALICE"),
    ])
    func differentNamesKeepDifferentSkeletons(one: String, other: String) {
        #expect(skeleton(one) != skeleton(other), "\(one) / \(other)")
    }

    @Test func aSkeletonIsStable() {
        // Taking it again changes nothing: what a store keeps compares with what a new name gives.
        for name in ["alice", "aIice", "ＡＬＩＣＥ", "Kai Müller", "김민준", "🏃 Runner"] {
            #expect(skeleton(skeleton(name)) == skeleton(name), "\(name)")
        }
    }
}
