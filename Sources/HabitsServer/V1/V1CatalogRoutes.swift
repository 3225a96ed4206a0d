import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/categories…` and `/v1/habits…`.
struct V1CatalogRoutes: Sendable {
    let store: any HabitStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        let categories = router.group("/v1/categories")
        categories.get { request, _ in
            try JSONResponse.encode(try await store.categories(page: try V1Request.page(request)))
        }
        categories.post { request, _ in
            let draft = try await V1Request.body(CategoryDraft.self, request)
            let created = try await store.createCategory(try ResourceRules.checked(CategoryResource(id: 0, name: draft.name, color: draft.color)))
            return try JSONResponse.created(created, location: "/v1/categories/\(created.id)")
        }
        categories.get(":categoryID") { _, context in
            try JSONResponse.encode(try await store.category(id: try V1Request.id("categoryID", context)))
        }
        categories.patch(":categoryID") { request, context in
            let id = try V1Request.id("categoryID", context)
            let patch = try await V1Request.body(CategoryPatch.self, request)
            return try JSONResponse.encode(try await store.updateCategory(id: id) { try patch.applied(to: $0) })
        }
        categories.delete(":categoryID") { _, context in
            try await store.deleteCategory(id: try V1Request.id("categoryID", context))
            return JSONResponse.noContent
        }

        let habits = router.group("/v1/habits")
        habits.get { request, _ in
            try JSONResponse.encode(try await store.habits(page: try V1Request.page(request)))
        }
        habits.post { request, _ in
            let draft = try await V1Request.body(HabitDraft.self, request)
            let habit = try ResourceRules.checked(HabitResource(id: 0, name: draft.name, categoryID: draft.categoryID, info: draft.info ?? "", emoji: draft.emoji))
            let created = try await Self.categoryMustExist { try await store.createHabit(habit) }
            return try JSONResponse.created(created, location: "/v1/habits/\(created.id)")
        }
        habits.get(":habitID") { _, context in
            try JSONResponse.encode(try await store.habit(id: try V1Request.id("habitID", context)))
        }
        habits.patch(":habitID") { request, context in
            let id = try V1Request.id("habitID", context)
            let patch = try await V1Request.body(HabitPatch.self, request)
            let updated = try await Self.categoryMustExist { try await store.updateHabit(id: id) { try patch.applied(to: $0) } }
            return try JSONResponse.encode(updated)
        }
        habits.delete(":habitID") { request, context in
            try await store.deleteHabit(id: try V1Request.id("habitID", context), cascade: try V1Request.cascade(request))
            return JSONResponse.noContent
        }
    }

    /// An unknown category named in a body is an invalid field (422), not a missing target (404):
    /// the habit in the path exists.
    static func categoryMustExist<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch HabitsError.notFound(kind: .category, let id) {
            throw HabitsError.invalid(field: "categoryID", reason: "no category has id \(id).")
        }
    }
}
