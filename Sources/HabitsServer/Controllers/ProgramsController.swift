import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/programs…`, programs' pictures, and `/v1/users/{userID}/programs…` and `…/ratings…`: the programs
/// Discover shows, who joined them and how they rate them.
struct ProgramsController: Sendable {
    let store: any ProgramStore & ResourceStore
    let clock: @Sendable () -> Date
    /// Bounds how many picture uploads are read at once, shared with the user pictures.
    let uploads: ConcurrencyLimit

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.programs.routerPath, use: list)
        router.post(Routes.programs.routerPath, use: create)
        router.get(Routes.program.routerPath, use: get)
        router.patch(Routes.program.routerPath, use: update)
        router.delete(Routes.program.routerPath, use: delete)
        router.put(Routes.programPicture.routerPath, use: storeImage)
        router.get(Routes.programImage.routerPath, use: image)
        router.get(Routes.joinedPrograms.routerPath, use: joined)
        router.put(Routes.membership.routerPath, use: join)
        router.delete(Routes.membership.routerPath, use: leave)
        router.put(Routes.rating.routerPath, use: rate)
        router.delete(Routes.rating.routerPath, use: removeRating)
    }

    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Page<Program>> {
        JSON(try await store.programs(page: try RequestInput.page(request)))
    }

    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Program> {
        let draft = try await RequestBody.decode(ProgramDraft.self, from: request)
        let created = try await Self.create(draft, in: store, at: clock())
        return .created(created, location: Routes.program.path(created.id))
    }

    /// Makes the program `draft` describes, held to `ProgramRules`: the route's and the administrators' page's.
    static func create(
        _ draft: ProgramDraft, in store: any ProgramStore & ResourceStore, at now: Date
    ) async throws -> Program {
        let program = try draft.program(createdAt: now)
        try await checkHabits(program.habitIDs, in: store)
        return try await referencesMustExist { try await store.createProgram(program) }
    }

    /// Changes a program as `patch` says, held to `ProgramRules`.
    static func update(
        id: Int64, _ patch: ProgramPatch, in store: any ProgramStore & ResourceStore
    ) async throws -> Program {
        if let habitIDs = patch.habitIDs {
            // Counted before they are read: a body naming thousands is refused without reading any.
            let ids = try ResourceRules.ids(habitIDs, field: "habitIDs", maximum: ProgramRules.maximumProgramHabits)
            try await checkHabits(ids, in: store)
        }
        return try await referencesMustExist { try await store.updateProgram(id: id) { try patch.applied(to: $0) } }
    }

    /// Reads the habits `ids` name (at most `ProgramRules.maximumProgramHabits`) for `ProgramRules.checkHabits`.
    private static func checkHabits(_ ids: [Int64], in store: any ResourceStore) async throws {
        var found: [Int64: Habit] = [:]
        for id in Set(ids) {
            do {
                found[id] = try await store.habit(id: id)
            } catch HabitsError.notFound {
                continue
            }
        }
        try ProgramRules.checkHabits(ids, found: found)
    }

    @Sendable func get(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Program> {
        JSON(try await store.program(id: try RequestInput.id("programID", context)))
    }

    @Sendable func update(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Program> {
        let id = try RequestInput.id("programID", context)
        let patch = try await RequestBody.decode(ProgramPatch.self, from: request)
        return JSON(try await Self.update(id: id, patch, in: store))
    }

    @Sendable func delete(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.deleteProgram(id: try RequestInput.id("programID", context))
        return NoContent()
    }

    @Sendable func image(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let id = try RequestInput.id("programID", context)
        let picture = try await store.programPicture(id: id)
        let image =
            picture.uploaded
            ?? StoredImage(
                contentType: Avatar.ImageKind.png.rawValue,
                bytes: Data(ProgramArt.png(programID: id, color: picture.color)))
        return ImageResponse.response(for: image, request: request)
    }

    @Sendable func storeImage(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let id = try RequestInput.id("programID", context)
        let mediaType = request.headers[.contentType].map(MediaType.essence)
        guard mediaType == Avatar.ImageKind.png.rawValue else {
            throw APIError(
                status: .unsupportedMediaType, code: "unsupported_image",
                message: "A program's picture must be a PNG, sent with Content-Type: image/png.")
        }
        return try await uploads.run {
            let body = try await request.body.collect(upTo: CourseAPIController.maximumImageBody)
            let bytes = [UInt8](body.readableBytesView)
            _ = try PNGCheck.dimensions(of: bytes)
            try await store.setProgramPicture(
                StoredImage(contentType: Avatar.ImageKind.png.rawValue, bytes: Data(bytes)), programID: id)
            return NoContent()
        }
    }

    // MARK: Members and ratings

    @Sendable func joined(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Page<Program>> {
        let userID = try RequestInput.id("userID", context)
        return JSON(try await store.joinedPrograms(userID: userID, page: try RequestInput.page(request)))
    }

    @Sendable func join(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let userID = try RequestInput.id("userID", context)
        try await store.joinProgram(userID: userID, programID: try RequestInput.id("programID", context))
        return NoContent()
    }

    @Sendable func leave(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let userID = try RequestInput.id("userID", context)
        try await store.leaveProgram(userID: userID, programID: try RequestInput.id("programID", context))
        return NoContent()
    }

    @Sendable func rate(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Program> {
        let userID = try RequestInput.id("userID", context)
        let programID = try RequestInput.id("programID", context)
        let draft = try await RequestBody.decode(RatingDraft.self, from: request)
        let stars = try ProgramRules.stars(draft.stars)
        return JSON(try await store.rateProgram(userID: userID, programID: programID, stars: stars))
    }

    @Sendable func removeRating(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let userID = try RequestInput.id("userID", context)
        try await store.removeRating(userID: userID, programID: try RequestInput.id("programID", context))
        return NoContent()
    }

    /// An unknown category or habit named in a body is an invalid field (422), not a missing target (404):
    /// the program in the path exists.
    static func referencesMustExist<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch HabitsError.notFound(kind: .category, let id) {
            throw HabitsError.invalid(field: "categoryID", reason: "no category has id \(id).")
        } catch HabitsError.notFound(kind: .habit, let id) {
            throw HabitsError.invalid(field: "habitIDs", reason: "no habit has id \(id).")
        }
    }
}
