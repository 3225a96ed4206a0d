import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import Hummingbird
import HummingbirdCore
import NIOCore
import Prometheus
import ServiceLifecycle

/// What the screen routes share: the hub that builds and keeps screens current, how a request names a
/// screen, and its live stream. `ScreensController`, `ScreenFramesController` and `WebController` each
/// hold one; none of them holds another.
struct ScreenService: Sendable {
    let hub: ScreenHub
    /// Bounds the open event streams, in total and per client.
    let streams: StreamLimit

    /// The current document of `screen`.
    func document(for screen: ScreenRequest) async throws -> ScreenDocument {
        try await hub.document(for: screen)
    }

    /// The screen named by the route's `{screen}`; an unknown one is a 404.
    static func screenName(_ context: HabitsRequestContext) throws -> ScreenName {
        let name = try context.parameters.require("screen")
        guard let screen = ScreenName(rawValue: name) else {
            throw HabitsError.notFound(kind: .screen, id: String(name.prefix(40)))
        }
        return screen
    }

    /// The screen, viewer and parameters a request names; the viewer is the one `ViewerMiddleware` resolved.
    func screenRequest(_ request: Request, _ context: HabitsRequestContext) throws -> ScreenRequest {
        try screenRequest(
            try Self.screenName(context), query: request.uri.queryParameters, viewer: try context.resolvedViewer())
    }

    /// The request for `screen` as `viewer` sees it, with the parameters of `query`.
    func screenRequest(
        _ screen: ScreenName, query: FlatDictionary<Substring, Substring>, viewer: Viewer
    ) throws -> ScreenRequest {
        // Every parameter is checked; `ScreenRequest` keeps those the screen reads (`Screen.parameters`).
        let parameters = ScreenParameters(query: query)
        return ScreenRequest(
            screen: screen, viewerID: viewer.id, habitID: try parameters.id(.habit), userID: try parameters.id(.user),
            month: try parameters.month(), tagID: try parameters.id(.tag), query: try parameters.search(),
            arrangement: try parameters.arrangement(), collapsedGroups: try parameters.collapsedGroups())
    }

    /// A Server-Sent Events stream of `screen`, each event written by `encode`: the API's JSON, or the
    /// web client's HTML fragments.
    ///
    /// The first document is built before the response, so that a screen that cannot be built is an error
    /// status rather than a stream. The subscription is scoped to the response body
    /// (`ScreenHub.subscribe(_:_:)`): it ends however the body ends, and a body never run (its client went
    /// away first) never opens one. Its place under the stream limit is let go as the body ends, or when
    /// the body is dropped unrun.
    func eventStream(
        for screen: ScreenRequest, request: Request, context: HabitsRequestContext,
        encode: @escaping @Sendable (ScreenEvent) throws -> [UInt8]
    ) async throws -> Response {
        // A browser's EventSource cannot set headers on its first connection: `since` stands in for them.
        let lastEventID =
            HTTPField.Name.lastEventID.flatMap { request.headers[$0] }
            ?? request.uri.queryParameters.get("since").map { String($0) }
        var account: Int64?
        if case .signedIn(let identity) = context.access { account = identity.userID }
        let ticket = try streams.admit(client: context.clientAddress, account: account)
        // The subscription opened as the body starts finds this document current and does not build it again.
        _ = try await hub.document(for: screen)
        // A stream that ended on another instance of a shared store resumes from the document it sent there.
        if let lastEventID { await hub.adoptHandoff(screen, revision: lastEventID) }
        let hub = self.hub
        let connectionClosed = context.connectionClosed
        let credentialIsLive = context.credentialIsLive
        let body = ResponseBody { writer in
            defer { ticket.release() }
            try await Self.write(ByteBuffer(string: "retry: 2000\n\n"), to: &writer)
            do {
                let lastSent = try await hub.subscribe(screen) { subscription in
                    // A connection that closes (its client reset it or left, EventStreamHangUpHandler) ends
                    // the stream at once, rather than at its next write.
                    connectionClosed?.whenComplete { _ in subscription.end() }
                    // The HTTP server waits for open requests before the other services hear of a shutdown,
                    // so a stream ends itself when the server starts to shut down.
                    return try await withGracefulShutdownHandler {
                        try await Self.writeEvents(
                            subscription, after: lastEventID, hub: hub, to: &writer,
                            credentialIsLive: credentialIsLive, encode: encode)
                    } onGracefulShutdown: {
                        subscription.end()
                    }
                }
                // Its client may come back through another instance (a proxy's choice, this one stopping).
                if let lastSent { await hub.handOff(screen, revision: lastSent) }
            } catch let error as HabitsError {
                // The screen went between its first build and the subscription: the stream says it is gone.
                guard case .notFound = error else { throw error }
                try await Self.write(ByteBuffer(bytes: try encode(.gone(error))), to: &writer)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: body)
    }

    /// Writes one event per wake, which takes the subscriber to the newest document (a newer one wakes the
    /// stream again), until the wakes end, the screen is gone, or the credential the stream was opened
    /// with is not live any more (signed out, revoked, a new password): it then ends without a word.
    ///
    /// Every event shows something new. A stream that fell behind is taken from the revision its client
    /// holds to the newest in one event, and the documents between may have undone each other (a followed
    /// person's rank that fell and rose again): that change is empty, so nothing is sent, and the newest
    /// revision is remembered as showing what the client holds. The next change is made from it and sent
    /// as from the client's revision, which the client checks: the two documents show the same.
    ///
    /// The answer is the revision the client holds as the stream ends, also when a write found the
    /// connection gone, and nil when it ended for a credential or a screen that went: what a resumption
    /// elsewhere starts from.
    @discardableResult
    static func writeEvents(
        _ subscription: ScreenSubscriptions.Subscription, after lastEventID: String?, hub: ScreenHub,
        to writer: inout some ResponseBodyWriter, credentialIsLive: (@Sendable () async -> Bool)? = nil,
        encode: (ScreenEvent) throws -> [UInt8]
    ) async throws -> String? {
        // Only what lives across its awaits is in this function's async frame, which the connection's task
        // keeps while the stream is open: each wake's event is chosen and encoded in synchronous calls.
        var position = EventStreamPosition(clientRevision: lastEventID)
        for await reason in subscription.wakes {
            if let credentialIsLive, await !credentialIsLive() { return nil }
            var pending: PendingScreenEvent?
            if !position.canSend(reason) {
                pending = await hub.nextEvent(for: subscription.id, after: position.shownRevision)
            }
            // A write fails only when the connection has gone (a wake queued as its client left): the client
            // holds what was sent before it, which is what a resumption on another instance starts from.
            let held = position.sentRevision
            switch try position.output(for: reason, pending: pending, encode: encode) {
            case .nothing: continue
            case .keepAlive:
                guard await Self.wrote(ByteBuffer(string: ": keep-alive\n\n"), to: &writer) else { return held }
            case .event(let bytes):
                guard await Self.wrote(bytes, to: &writer) else { return held }
                hub.metrics.screenEventsSent.increment()
            case .lastEvent(let bytes):
                guard await Self.wrote(bytes, to: &writer) else { return nil }
                hub.metrics.screenEventsSent.increment()
                return nil
            }
        }
        return position.sentRevision
    }

    /// Writes `bytes` to a stream, answering whether it could: false when its connection has gone.
    @inline(never)
    static func wrote(_ bytes: ByteBuffer, to writer: inout some ResponseBodyWriter) async -> Bool {
        do {
            try await writer.write(bytes)
            return true
        } catch {
            return false
        }
    }

    /// Writes `bytes` to a stream: the one call of its writer, out of line so that the writer's frames are
    /// not laid into each caller's. A connection's task keeps the largest async stack it held for as long
    /// as its stream is open.
    @inline(never)
    static func write(_ bytes: ByteBuffer, to writer: inout some ResponseBodyWriter) async throws {
        try await writer.write(bytes)
    }
}
