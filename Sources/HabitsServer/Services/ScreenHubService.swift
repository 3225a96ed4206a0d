import HabitsDomain
import ServiceLifecycle

/// Runs the hub beside the HTTP server; on shutdown it ends every open stream so connections close.
struct ScreenHubService: Service {
    let hub: ScreenHub

    func run() async throws {
        // The emoji picker's catalogue is parsed on first use: parse it now, so the first picker opened
        // does not wait for it.
        Task.detached(priority: .utility) { _ = EmojiCatalog.matching("warm") }
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withDiscardingTaskGroup { group in
                    group.addTask { await hub.run() }
                    group.addTask { await hub.followClock() }
                    group.addTask { await hub.sendKeepAlives() }
                    group.addTask { await FreedMemory.returnPeriodically(every: .seconds(10)) }
                }
            }
        } onGracefulShutdown: {
            Task { await hub.endAllSubscriptions() }
        }
    }
}

extension ScreenHub {
    /// How often an idle stream sends a comment, so that proxies keep it open.
    static let keepAliveInterval: Duration = .seconds(15)
    /// How many turns a round of keep-alives takes: each wakes one slot of the subscriptions.
    static let keepAliveSlots = 60

    /// Wakes every subscriber for a keep-alive comment every `keepAliveInterval`, until cancelled: one task
    /// for all streams rather than one each. A stream whose connection is gone finds out as it writes.
    ///
    /// The round is spread over `keepAliveSlots` turns: waking 10,000 streams at once held every event
    /// behind 10,000 writes, a stall of a few hundred milliseconds every 15 s.
    func sendKeepAlives() async {
        var slot = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.keepAliveInterval / Self.keepAliveSlots)
            subscriptions.wakeSlot(slot, with: .tick)
            slot = (slot + 1) % Self.keepAliveSlots
        }
    }

    /// Ends every open stream (at shutdown).
    func endAllSubscriptions() {
        for id in Array(subscriptions.ids) { unsubscribe(id) }
    }
}
