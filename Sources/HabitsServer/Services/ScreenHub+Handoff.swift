import Foundation
import HabitsDomain
import HabitsScreens
import HabitsStore
import Logging
import Prometheus

/// Streams that move between instances of one store: the instance a stream ends on hands the document it
/// last sent to the others through the store, and the instance it resumes on takes it into the screen's
/// history, so that the stream is sent the changes it missed rather than a whole document. A store that no
/// other instance shares (`handsOffScreens` false) keeps nothing, and neither step costs anything.
extension ScreenHub {
    /// Hands off the document of `request` at `revision`, the last a stream sent, when the hub still holds
    /// it. A failure is logged and costs only the resumption its changes.
    func handOff(_ request: ScreenRequest, revision: String) async {
        guard store.handsOffScreens,
            let document = cache[request]?.history.last(where: { $0.revision == revision })
        else { return }
        do {
            let bytes = Array(try HabitsJSON.encoder().encode(document))
            try await store.handOff(ScreenHandoff(
                viewerID: request.viewerID, screen: request.parametersKey, revision: revision, document: bytes))
            metrics.screenHandoffs.increment()
        } catch {
            logger.warning("could not hand off a screen", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Takes, for a stream of `request` resuming at `revision`, the document another instance handed off at
    /// that revision, when the hub keeps the screen but not that document. Whatever fails, the stream is
    /// sent the whole document, as it would be without it.
    func adoptHandoff(_ request: ScreenRequest, revision: String) async {
        guard store.handsOffScreens, let entry = cache[request],
            !entry.history.contains(where: { $0.revision == revision })
        else { return }
        do {
            guard
                let bytes = try await store.handedOff(
                    viewerID: request.viewerID, screen: request.parametersKey, revision: revision)
            else { return }
            let document = try HabitsJSON.decoder().decode(ScreenDocument.self, from: Data(bytes))
            guard document.revision == revision, document.screen == request.screen else { return }
            cache.adopt(document, for: request)
            metrics.screenHandoffsTaken.increment()
        } catch {
            logger.warning("could not take a handed-off screen", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
