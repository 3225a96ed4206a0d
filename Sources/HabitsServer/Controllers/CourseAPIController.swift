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
    /// Bounds how many image uploads are read at once, since each holds up to 2 MB in memory.
    let uploads: ConcurrencyLimit

    static let maximumLogBody = 64 * 1024
    static let maximumImageBody = 2 * 1024 * 1024

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.courseUsers.routerPath, use: users)
        router.get(Routes.courseHabits.routerPath, use: habits)
        router.get(Routes.courseCategories.routerPath, use: categories)
        router.get(Routes.combinedStatistics.routerPath, use: combinedStatistics)
        router.get(Routes.habitStatistics.routerPath, use: habitStatistics)
        router.get(Routes.userStatistics.routerPath, use: userStatistics)
        router.get(Routes.leadingStatistics.routerPath, use: leadingStatistics)
        router.post(Routes.loggedHabit.routerPath, use: logHabit)
        router.get(Routes.userImage.routerPath, use: image)
        router.put(Routes.userImage.routerPath, use: storeImage)
    }

    @Sendable func users(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        JSONResponse.bytes(try await statistics.current().usersJSON)
    }

    @Sendable func habits(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        JSONResponse.bytes(try await statistics.current().habitsJSON)
    }

    @Sendable func categories(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<[CourseAPI.Category]> {
        JSON(try await store.categories())
    }

    @Sendable func combinedStatistics(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        JSONResponse.bytes(try await statistics.current().combinedJSON, noStore: true)
    }

    @Sendable func habitStatistics(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<[CourseAPI.HabitStatistics]> {
        let names = try QueryList.values(named: "names", inQuery: request.uri.query)
        let snapshot = try await statistics.current().snapshot
        return JSON(try snapshot.habitStatistics(names: names), noStore: true)
    }

    @Sendable func userStatistics(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<[CourseAPI.UserStatistics]> {
        let ids = try QueryList.values(named: "ids", inQuery: request.uri.query)
        let snapshot = try await statistics.current().snapshot
        return JSON(try snapshot.userStatistics(ids: ids), noStore: true)
    }

    @Sendable func leadingStatistics(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<CourseAPI.UserStatistics> {
        let userID = try context.pathParameter("userID")
        let snapshot = try await statistics.current().snapshot
        return JSON(try snapshot.leadingStatistics(userID: userID), noStore: true)
    }

    @Sendable func logHabit(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let event = try await RequestBody.decode(CourseAPI.LoggedHabit.self, from: request, limit: Self.maximumLogBody)
        try LogRules.validate(event, now: clock())
        try await store.log(event)
        metrics.countLogsWritten()
        return JSONResponse.emptyObject
    }

    @Sendable func image(_ request: Request, context: HabitsRequestContext) async throws -> Response {
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

    @Sendable func storeImage(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let userID = try context.pathParameter("userID")
        return try await uploads.run {
            let body = try await request.body.collect(upTo: Self.maximumImageBody)
            guard let kind = Avatar.ImageKind(magic: body.readableBytesView) else {
                throw APIError(
                    status: .unsupportedMediaType, code: "unsupported_image",
                    message: "The image must be a PNG or a JPEG."
                )
            }
            // One copy out of the network buffer; SQLite makes the only other one as it stores the blob.
            let image = StoredImage(contentType: kind.rawValue, bytes: Data(body.readableBytesView))
            try await store.setImage(image, userID: userID)
            return JSONResponse.emptyObject
        }
    }
}
