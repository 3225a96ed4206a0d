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
                }
            }
        } onGracefulShutdown: {
            Task { await hub.endAllSubscriptions() }
        }
    }
}

extension ScreenHub {
    /// Ends every open stream (at shutdown).
    func endAllSubscriptions() {
        for id in Array(subscriptionIDs) { unsubscribe(id) }
    }
}
