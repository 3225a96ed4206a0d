import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import Hummingbird

/// `/v1/screens/{screen}`: server-driven screens as documents, their changes, and a live stream.
struct ScreensController: Sendable {
    let screens: ScreenService
    /// Whose screens they are: `?user=`, else `--active-user` (the API reads no cookie).
    let viewers: ViewerMiddleware
    /// The JSON of the documents last answered, per screen request.
    let encoded = EncodedDocumentCache()

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.group()
            .add(middleware: viewers)
            .get(Routes.screen.routerPath, use: document)
            .get(Routes.screenChanges.routerPath, use: changes)
            .get(Routes.screenEvents.routerPath, use: events)
    }

    @Sendable func document(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let screen = try screens.screenRequest(request, context)
        let document = try await screens.document(for: screen)
        return JSONResponse.bytes(try encoded.json(for: document, request: screen), noStore: true)
    }

    @Sendable func changes(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let screen = try screens.screenRequest(request, context)
        guard let since = request.uri.queryParameters.get("since") else {
            throw HabitsError.invalid(field: "since", reason: "is required: the revision the client holds.")
        }
        switch try await screens.hub.changes(for: screen, since: since).resolved() {
        case .changes(let changeset):
            return try JSON(changeset, noStore: true).response(from: request, context: context)
        case .document(let document):
            return JSONResponse.bytes(try encoded.json(for: document, request: screen), noStore: true)
        case .gone(let error): throw error
        }
    }

    @Sendable func events(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let screen = try screens.screenRequest(request, context)
        return try await screens.eventStream(for: screen, request: request, context: context) { event in
            try ServerSentEvent.encode(event)
        }
    }
}

extension HTTPField.Name {
    /// Where a reconnecting event stream names the last event it received.
    static let lastEventID = HTTPField.Name("Last-Event-ID")
}

/// The Server-Sent Events wire form of screen events.
enum ServerSentEvent {
    static func encode(_ event: ScreenEvent) throws -> [UInt8] {
        switch event {
        case .document(let document): frame("document", id: document.revision, json: try DocumentJSON.bytes(document))
        case .changes(let changeset):
            try frame("changes", id: changeset.revision, json: changeset.json(itemJSON: ItemJSONCache.shared.json))
        case .gone(let error): try frame("gone", id: nil, APIErrorBody(error))
        }
    }

    /// One event: its name, its id when it has one, and `payload` as one line of JSON.
    static func frame(_ name: String, id: String?, _ payload: some Encodable) throws -> [UInt8] {
        let json = try HabitsJSON.encoder().encode(payload)
        return frame(name, id: id, json: Array(json))
    }

    /// One event whose payload is JSON already (one line: the encoder escapes line breaks in strings).
    static func frame(_ name: String, id: String?, json: [UInt8]) -> [UInt8] {
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        var bytes = Array((text + "data: ").utf8)
        bytes += json
        bytes += "\n\n".utf8
        return bytes
    }
}
