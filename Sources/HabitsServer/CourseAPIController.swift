import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// The API of the course's Habits server, byte-compatible with what its iOS app decodes.
struct CourseAPIController: Sendable {
    let store: any HabitStore
    let statistics: StatisticsCache
    let clock: @Sendable () -> Date
    let metrics: ServerMetrics

    static let maximumLogBody = 64 * 1024
    static let maximumImageBody = 2 * 1024 * 1024

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get("/users") { _, _ in
            JSONResponse.bytes(try await statistics.current().usersJSON)
        }
        router.get("/habits") { _, _ in
            JSONResponse.bytes(try await statistics.current().habitsJSON)
        }
        router.get("/categories") { _, _ in
            try JSONResponse.encode(try await store.categories())
        }
        router.get("/combinedStats") { _, _ in
            JSONResponse.bytes(try await statistics.current().combinedJSON, noStore: true)
        }
        router.get("/habitStats") { request, _ in
            let names = try QueryList.values(named: "names", inQuery: request.uri.query)
            let snapshot = try await statistics.current().snapshot
            return try JSONResponse.encode(try snapshot.habitStatistics(names: names), noStore: true)
        }
        router.get("/userStats") { request, _ in
            let ids = try QueryList.values(named: "ids", inQuery: request.uri.query)
            let snapshot = try await statistics.current().snapshot
            return try JSONResponse.encode(try snapshot.userStatistics(ids: ids), noStore: true)
        }
        router.get("/userLeadingStats/:userID") { _, context in
            let userID = try context.pathParameter("userID")
            let snapshot = try await statistics.current().snapshot
            return try JSONResponse.encode(try snapshot.leadingStatistics(userID: userID), noStore: true)
        }
        router.post("/loggedHabit") { request, context in
            let body = try await request.body.collect(upTo: Self.maximumLogBody)
            let event = try JSONBody.decode(LoggedHabit.self, from: body)
            try LogRules.validate(event, now: clock())
            try await store.log(event)
            metrics.logsWritten.increment()
            return JSONResponse.bytes(Data("{}".utf8))
        }
        router.get("/images/:userID") { _, context in
            let userID = try context.pathParameter("userID")
            guard let image = try await store.image(userID: userID) else {
                throw HabitsError.notFound(kind: .image, id: userID)
            }
            return Response(
                status: .ok,
                headers: [.contentType: image.contentType, .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: image.bytes))
            )
        }
        router.put("/images/:userID") { request, context in
            let userID = try context.pathParameter("userID")
            let body = try await request.body.collect(upTo: Self.maximumImageBody)
            guard let kind = Avatar.ImageKind(magic: body.readableBytesView) else {
                throw APIError(status: .unsupportedMediaType, code: "unsupported_image", message: "The image must be a PNG or a JPEG.")
            }
            try await store.setImage(StoredImage(contentType: kind.rawValue, bytes: Data(body.readableBytesView)), userID: userID)
            return JSONResponse.bytes(Data("{}".utf8))
        }
    }
}

/// Builds JSON responses with the project's encoder.
enum JSONResponse {
    static func encode(_ value: some Encodable, noStore: Bool = false) throws -> Response {
        bytes(try HabitsJSON.encoder().encode(value), noStore: noStore)
    }

    static func bytes(_ data: Data, noStore: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if noStore { headers[.cacheControl] = "no-store" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Decodes request bodies, turning every decoding failure into a 400 with a precise message.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        let data = Data(buffer.readableBytesView)
        do {
            return try HabitsJSON.decoder().decode(T.self, from: data)
        } catch {
            throw HabitsError.malformed(reason: ErrorMiddleware<HabitsRequestContext>.describeDecoding(error))
        }
    }
}

/// Reads comma-separated, percent-encoded lists such as `names=Deep%20breathing,Meditate`.
enum QueryList {
    /// The decoded items of parameter `name`, nil when the parameter is absent, empty when it is empty.
    static func values(named name: String, inQuery query: String?) throws -> [String]? {
        guard let query else { return nil }
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.flatMap({ String($0).removingPercentEncoding }) == name else { continue }
            let raw = parts.count > 1 ? parts[1] : ""
            if raw.isEmpty { return [] }
            // Split before decoding, so an encoded comma (%2C) stays inside a name.
            return try raw.split(separator: ",", omittingEmptySubsequences: false).map { item in
                guard let decoded = String(item).removingPercentEncoding else {
                    throw HabitsError.malformed(reason: "Parameter \(name) is not correctly percent-encoded.")
                }
                return decoded
            }
        }
        return nil
    }
}
