import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsStore
import Hummingbird
import HummingbirdCore
import NIOCore
import Prometheus
import ServiceLifecycle

/// `/v1/screens/{screen}`: server-driven screens as documents, their changes, and a live stream.
struct ScreensController: Sendable {
    let hub: ScreenHub
    /// Bounds the open event streams, in total and per client.
    let streams: StreamLimit
    /// Whose screens they are: `?user=`, else `--active-user` (the API reads no cookie).
    let viewers: ViewerMiddleware

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.group("/v1/screens")
            .add(middleware: viewers)
            .get(":screen", use: document)
            .get(":screen/changes", use: changes)
            .get(":screen/events", use: events)
    }

    @Sendable func document(_ request: Request, context: HabitsRequestContext) async throws -> JSON<ScreenDocument> {
        JSON(try await hub.document(for: try screenRequest(request, context)), noStore: true)
    }

    @Sendable func changes(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let screen = try screenRequest(request, context)
        guard let since = request.uri.queryParameters.get("since") else {
            throw HabitsError.invalid(field: "since", reason: "is required: the revision the client holds.")
        }
        switch try await hub.changes(for: screen, since: since).resolved() {
        case .changes(let changeset):
            return try JSON(changeset, noStore: true).response(from: request, context: context)
        case .document(let document): return try JSON(document, noStore: true).response(from: request, context: context)
        case .gone(let error): throw error
        }
    }

    @Sendable func events(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        try await eventStream(for: try screenRequest(request, context), request: request, context: context) { event in
            try ServerSentEvent.encode(event)
        }
    }

    /// A Server-Sent Events stream of `screen`, each event written by `encode`: the API's JSON, or the
    /// web client's HTML fragments.
    ///
    /// What the stream holds (its place under the stream limit, its subscription) is let go when it ends,
    /// and also when its response is never written because the client went away first: then the body is
    /// dropped unrun, and with it the lease.
    func eventStream(
        for screen: ScreenRequest, request: Request, context: HabitsRequestContext,
        encode: @escaping @Sendable (ScreenEvent) throws -> [UInt8]
    ) async throws -> Response {
        // A browser's EventSource cannot set headers on its first connection: `since` stands in for them.
        let lastEventID =
            HTTPField.Name.lastEventID.flatMap { request.headers[$0] }
            ?? request.uri.queryParameters.get("since").map { String($0) }
        let ticket = try streams.admit(client: context.clientAddress)
        let (id, wake, tick) = try await hub.subscribe(screen)
        let lease = StreamLease(hub: hub, subscription: id, ticket: ticket)
        let hub = self.hub
        // A connection that closes (its client reset it or left, EventStreamHangUpHandler) ends the stream
        // at once, rather than at its next write.
        context.connectionClosed?.whenComplete { _ in tick.finish() }
        let body = ResponseBody { writer in
            defer { lease.end() }
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            // The HTTP server waits for open requests before the other services hear of a shutdown, so
            // a stream ends itself when the server starts to shut down.
            try await withGracefulShutdownHandler {
                try await Self.writeEvents(wake, of: id, after: lastEventID, hub: hub, to: &writer, encode: encode)
            } onGracefulShutdown: {
                tick.finish()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: body)
    }

    /// Writes one event per wake, which takes the subscriber to the newest document (a newer one wakes the
    /// stream again), until the wakes end or the screen is gone.
    static func writeEvents(
        _ wake: AsyncStream<ScreenWake>, of id: UUID, after lastEventID: String?, hub: ScreenHub,
        to writer: inout some ResponseBodyWriter, encode: (ScreenEvent) throws -> [UInt8]
    ) async throws {
        var sentRevision = lastEventID
        for await reason in wake {
            let event: ScreenEvent?
            if case .changed(let change?) = reason, change.from == sentRevision {
                event = .changes(change)
            } else {
                event = await hub.nextEvent(for: id, after: sentRevision)?.resolved()
            }
            guard let event else {
                if case .tick = reason { try await writer.write(ByteBuffer(string: ": keep-alive\n\n")) }
                continue
            }
            try await writer.write(ByteBuffer(bytes: try encode(event)))
            hub.metrics.screenEventsSent.increment()
            switch event {
            case .document(let document): sentRevision = document.revision
            case .changes(let change): sentRevision = change.revision
            case .gone: return
            }
        }
    }

    /// The screen, viewer and parameters a request names; the viewer is the one `ViewerMiddleware` resolved.
    func screenRequest(_ request: Request, _ context: HabitsRequestContext) throws -> ScreenRequest {
        let name = try context.parameters.require("screen")
        guard let screen = ScreenName(rawValue: name) else {
            throw HabitsError.notFound(kind: .screen, id: String(name.prefix(40)))
        }
        return try screenRequest(screen, query: request.uri.queryParameters, viewer: try context.resolvedViewer())
    }

    /// The request for `screen` as `viewer` sees it, with the parameters of `query`.
    func screenRequest(
        _ screen: ScreenName, query: FlatDictionary<Substring, Substring>, viewer: Viewer
    ) throws -> ScreenRequest {
        let parameters = ScreenParameters(query: query)
        return ScreenRequest(
            screen: screen, viewerID: viewer.id, habitID: try parameters.id("habit"), userID: try parameters.id("of"),
            month: try parameters.month(), tagID: try parameters.id("tag"), query: try parameters.search(),
            arrangement: try parameters.arrangement(), collapsedGroups: try parameters.collapsedGroups())
    }
}

/// An open stream's hold on the hub and on the stream limit, let go by `end()` or when the lease is dropped.
final class StreamLease: Sendable {
    private let hub: ScreenHub
    private let subscription: UUID
    private let ticket: StreamTicket

    init(hub: ScreenHub, subscription: UUID, ticket: StreamTicket) {
        self.hub = hub
        self.subscription = subscription
        self.ticket = ticket
    }

    deinit { end() }

    /// Ends the subscription and gives the stream's place back; a second call finds nothing left to end.
    func end() {
        ticket.release()
        Task { [hub, subscription] in await hub.unsubscribe(subscription) }
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
        case .document(let document): try frame("document", id: document.revision, document)
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
