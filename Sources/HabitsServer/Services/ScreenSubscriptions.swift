import Foundation
import HabitsScreens

/// Who waits on which screen: each subscription's request and the stream that wakes it.
///
/// A wake says only that there may be something new (with the change the rebuild made, when there is one):
/// each stream holds at most the newest, and a subscriber that missed one asks for everything up to the
/// newest document, so a slow one holds nothing up and nothing queues for it.
struct ScreenSubscriptions {
    /// An open subscription: its id, the wakes it reads, and what ends them.
    struct Subscription: Sendable {
        let id: UUID
        let wakes: AsyncStream<ScreenWake>
        /// Wakes the subscriber out of turn (a keep-alive tick), or ends its wakes.
        let continuation: AsyncStream<ScreenWake>.Continuation

        /// Ends the wakes, so that whoever reads them stops: a closed connection, a shutdown.
        func end() { continuation.finish() }
    }

    private var requests: [UUID: ScreenRequest] = [:]
    private var waiting: [ScreenRequest: [UUID: AsyncStream<ScreenWake>.Continuation]] = [:]
    /// The subscriptions in each keep-alive slot (`wakeSlot(_:with:)`), dealt in turn as they open.
    private var slots: [[UUID: AsyncStream<ScreenWake>.Continuation]]
    private var slotOf: [UUID: Int] = [:]
    private var nextSlot = 0

    /// Subscriptions dealt over `slotCount` keep-alive slots.
    init(slotCount: Int = 1) {
        slots = Array(repeating: [:], count: max(slotCount, 1))
    }

    /// How many keep-alive slots the subscriptions are dealt over.
    var slotCount: Int { slots.count }

    /// How many subscriptions are open.
    var count: Int { requests.count }

    /// The open subscriptions.
    var ids: Dictionary<UUID, ScreenRequest>.Keys { requests.keys }

    /// How many screens have subscribers.
    var screenCount: Int { waiting.count }

    /// The screen subscription `id` waits on, while it is open.
    func request(of id: UUID) -> ScreenRequest? { requests[id] }

    /// How many subscriptions wait on `request`.
    func subscriberCount(of request: ScreenRequest) -> Int { waiting[request]?.count ?? 0 }

    /// Opens a subscription to `request`.
    mutating func add(to request: ScreenRequest) -> Subscription {
        let id = UUID()
        // The newest wake is enough: a subscriber that missed one asks for everything up to the newest.
        let (wakes, continuation) = AsyncStream.makeStream(of: ScreenWake.self, bufferingPolicy: .bufferingNewest(1))
        requests[id] = request
        waiting[request, default: [:]][id] = continuation
        slots[nextSlot][id] = continuation
        slotOf[id] = nextSlot
        nextSlot = (nextSlot + 1) % slots.count
        return Subscription(id: id, wakes: wakes, continuation: continuation)
    }

    /// Ends subscription `id` and its wakes; the answer is the screen it waited on, nil when it was not open.
    mutating func remove(_ id: UUID) -> ScreenRequest? {
        guard let request = requests.removeValue(forKey: id) else { return nil }
        if let slot = slotOf.removeValue(forKey: id) { slots[slot][id] = nil }
        waiting[request]?.removeValue(forKey: id)?.finish()
        if waiting[request]?.isEmpty == true { waiting[request] = nil }
        return request
    }

    /// Wakes every subscriber of `request`.
    ///
    /// - Complexity: O(s) for its s subscribers.
    func wake(_ request: ScreenRequest, with wake: ScreenWake) {
        guard let subscribers = waiting[request] else { return }
        for continuation in subscribers.values { continuation.yield(wake) }
    }

    /// Wakes the subscribers in keep-alive slot `slot` (modulo `slotCount`): about one in `slotCount` of
    /// them, so that a round of keep-alives over every stream is spread over time rather than sent at once.
    ///
    /// - Complexity: O(s / slotCount) for s subscriptions.
    func wakeSlot(_ slot: Int, with wake: ScreenWake) {
        for continuation in slots[slot % slots.count].values { continuation.yield(wake) }
    }
}
