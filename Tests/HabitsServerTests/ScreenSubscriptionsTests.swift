import Foundation
import HabitsScreens
import Testing

@testable import HabitsServer

/// Who waits on which screen, on its own: wakes reach only a screen's subscribers, hold only the newest,
/// and end with the subscription.
@Suite struct ScreenSubscriptionsTests {
    static let home = ScreenRequest(screen: .home, viewerID: 1)
    static let other = ScreenRequest(screen: .home, viewerID: 2)

    /// Every wake `subscription` holds, read after its end.
    static func wakes(of subscription: ScreenSubscriptions.Subscription) async -> [ScreenWake] {
        var wakes: [ScreenWake] = []
        for await wake in subscription.wakes { wakes.append(wake) }
        return wakes
    }

    static func isChange(_ wakes: [ScreenWake]) -> Bool {
        guard wakes.count == 1, case .changed = wakes[0] else { return false }
        return true
    }

    @Test func aWakeReachesOnlyTheScreensSubscribersAndHoldsTheNewest() async {
        var subscriptions = ScreenSubscriptions()
        let first = subscriptions.add(to: Self.home)
        let second = subscriptions.add(to: Self.home)
        let elsewhere = subscriptions.add(to: Self.other)
        #expect(subscriptions.count == 3 && subscriptions.screenCount == 2)
        #expect(subscriptions.subscriberCount(of: Self.home) == 2)
        #expect(subscriptions.request(of: elsewhere.id) == Self.other)

        // A tick, then a change: a subscriber that has not read yet holds only the change.
        subscriptions.wake(Self.home, with: .tick)
        subscriptions.wake(Self.home, with: .changed(nil))
        for subscription in [first, second, elsewhere] { #expect(subscriptions.remove(subscription.id) != nil) }
        #expect(Self.isChange(await Self.wakes(of: first)))
        #expect(Self.isChange(await Self.wakes(of: second)))
        #expect(await Self.wakes(of: elsewhere).isEmpty, "another screen's subscriber was woken")
        #expect(subscriptions.count == 0 && subscriptions.screenCount == 0)
    }

    @Test func removingEndsTheWakesAndASecondRemoveFindsNothing() async {
        var subscriptions = ScreenSubscriptions()
        let subscription = subscriptions.add(to: Self.home)
        let reader = Task { await Self.wakes(of: subscription) }
        #expect(subscriptions.remove(subscription.id) == Self.home)
        #expect(await reader.value.isEmpty)
        #expect(subscriptions.remove(subscription.id) == nil)
        #expect(subscriptions.subscriberCount(of: Self.home) == 0)
        // A wake after the end reaches no one.
        subscriptions.wake(Self.home, with: .changed(nil))
    }

    @Test func endingASubscriptionStopsItsReaderButKeepsItFiled() async {
        var subscriptions = ScreenSubscriptions()
        let subscription = subscriptions.add(to: Self.home)
        let reader = Task { await Self.wakes(of: subscription) }
        subscription.end()
        #expect(await reader.value.isEmpty)
        // The owner still removes it: ending only stops whoever reads its wakes.
        #expect(subscriptions.count == 1)
        #expect(subscriptions.remove(subscription.id) == Self.home)
    }

    /// A round of keep-alives, one wake of each slot, reaches every subscription of every screen once.
    @Test func aRoundOfSlotsReachesEveryScreen() async {
        var subscriptions = ScreenSubscriptions(slotCount: 2)
        let all = [Self.home, Self.other, Self.home].map { subscriptions.add(to: $0) }
        for slot in 0..<subscriptions.slotCount { subscriptions.wakeSlot(slot, with: .tick) }
        for subscription in all { _ = subscriptions.remove(subscription.id) }
        for subscription in all {
            let wakes = await Self.wakes(of: subscription)
            guard wakes.count == 1, case .tick = wakes[0] else {
                Issue.record("wakes: \(wakes)")
                continue
            }
        }
    }

    /// Keep-alive slots: subscriptions are dealt in turn, a slot's wake reaches only its own, and a removed
    /// subscription leaves its slot.
    @Test func aSlotsWakeReachesOnlyTheSubscriptionsDealtToIt() async {
        var subscriptions = ScreenSubscriptions(slotCount: 3)
        #expect(subscriptions.slotCount == 3)
        let all = (0..<7).map { index in subscriptions.add(to: index % 2 == 0 ? Self.home : Self.other) }
        let removed = all[4]
        _ = subscriptions.remove(removed.id)
        // Slot 1 holds the second and the fifth (removed) subscriptions; 4 wraps round to slot 1.
        subscriptions.wakeSlot(4, with: .tick)
        for subscription in all where subscription.id != removed.id { _ = subscriptions.remove(subscription.id) }
        for (index, subscription) in all.enumerated() {
            let wakes = await Self.wakes(of: subscription)
            let expected = index % 3 == 1 && index != 4 ? 1 : 0
            #expect(wakes.count == expected, "subscription \(index): \(wakes)")
        }
    }
}
