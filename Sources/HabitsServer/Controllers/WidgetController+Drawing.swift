import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsStore
import Hummingbird

extension WidgetController {
    /// The longest a cache may keep a widget before asking again: a day done shows within this, and
    /// never does a cached widget outlive its day (`WidgetTimeline.reloadAfter`).
    static let maximumAge: TimeInterval = 900

    /// The widget of `ownerID` in `format`, from the cache while the store and the day are the same; 304
    /// when the client's `If-None-Match` names the same drawing.
    ///
    /// `shared`: whether any cache may keep it and any page show it (an address's, which names one widget);
    /// a signed-in preview's address is the same for every account, so no cache but the browser's keeps it.
    func widget(
        ownerID: Int64, family: WidgetFamily, habitID: Int64?, style: WidgetStyle, format: WidgetFormat,
        request: Request, shared: Bool = true
    ) async throws -> Response {
        let style = try style.checked(for: family)
        let key = WidgetCache.Key(ownerID: ownerID, family: family, habitID: habitID, style: style, format: format)
        let now = clock()
        // Read before the build: a write landing during it leaves the entry stale, not wrong.
        let revision = store.currentRevision()
        let entry: WidgetCache.Entry
        if let cached = cache.entry(for: key, revision: revision, now: now) {
            entry = cached
        } else {
            entry = try await draw(key, revision: revision, now: now)
            cache.keep(entry, for: key)
        }
        let age = max(0, min(Self.maximumAge, entry.reloadAfter.timeIntervalSince(now))).rounded(.down)
        var headers: HTTPFields = [
            .cacheControl: shared ? "public, max-age=\(Int(age))" : "private, no-cache", .eTag: entry.etag,
            .contentType: format == .svg ? "image/svg+xml; charset=utf-8" : "application/json; charset=utf-8",
        ]
        // Any page may show an address's image; nothing in it runs or loads.
        if shared { headers[Self.crossOriginResourcePolicy] = "cross-origin" }
        if WebController.matches(request.headers[values: .ifNoneMatch], entry.etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        // Compressed once when drawn, not per request (the compression middleware leaves an encoded answer be,
        // and says `Vary: Accept-Encoding` for both).
        var body = entry.bytes
        if ResponseCompressionMiddleware<HabitsRequestContext>.acceptsGzip(request.headers[values: .acceptEncoding]) {
            body = entry.gzipped
            headers[.contentEncoding] = "gzip"
            headers[.eTag] = "W/" + entry.etag
        }
        headers[.contentLength] = String(body.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Builds the widget's document from one read of the store and draws it.
    private func draw(_ key: WidgetCache.Key, revision: Int64, now: Date) async throws -> WidgetCache.Entry {
        let document: WidgetDocument
        do {
            document = try await store.readScreens { source in
                try await ScreenBuilder(source: MemoizingSource(source), now: now).widget(
                    key.family, ownerID: key.ownerID, habitID: key.habitID)
            }
        } catch let error as ScreenError {
            throw error.habitsError
        }
        let bytes: [UInt8]
        switch key.format {
        case .json:
            bytes = Array(try HabitsJSON.encoder().encode(document))
        case .svg:
            guard let first = document.timeline.entries.first else {
                throw HabitsError.unavailable(reason: "The widget has nothing to show.")
            }
            do {
                bytes = Array(
                    try WidgetSVG(family: key.family, document: first.document, style: key.style).render().utf8)
            } catch {
                throw HabitsError.unavailable(reason: "The widget's layout could not be computed: \(error)")
            }
        }
        let reloadAfter = ISO8601DateFormatter().date(from: document.timeline.reloadAfter) ?? now
        let hash = String(FNV1a.hash(bytes), radix: 16)
        return WidgetCache.Entry(
            revision: revision, reloadAfter: reloadAfter, bytes: bytes, gzipped: try GzipStream.gzipped(bytes),
            etag: "\"w\(hash)\"")
    }

    static let crossOriginResourcePolicy = HTTPField.Name("Cross-Origin-Resource-Policy")!
}
