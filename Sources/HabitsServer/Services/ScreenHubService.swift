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

    /// Wakes every subscriber for a keep-alive comment every `keepAliveInterval`, until cancelled: one task
    /// for all streams rather than one each. A stream whose connection is gone finds out as it writes.
    func sendKeepAlives() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.keepAliveInterval)
            wakeAllSubscribers(.tick)
        }
    }

    /// Wakes every subscriber with `wake`.
    ///
    /// - Complexity: O(s) for the s subscriptions.
    func wakeAllSubscribers(_ wake: ScreenWake) { subscriptions.wakeAll(with: wake) }

    /// Ends every open stream (at shutdown).
    func endAllSubscriptions() {
        for id in Array(subscriptions.ids) { unsubscribe(id) }
    }
}
