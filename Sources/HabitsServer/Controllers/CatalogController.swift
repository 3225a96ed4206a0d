import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/categories…`: how habits are grouped (the habits themselves are `HabitsController`'s).
struct CatalogController: Sendable {
    let store: any ResourceStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.categories.routerPath, use: listCategories)
        router.post(Routes.categories.routerPath, use: createCategory)
        router.get(Routes.category.routerPath, use: getCategory)
        router.patch(Routes.category.routerPath, use: updateCategory)
        router.delete(Routes.category.routerPath, use: deleteCategory)
    }

    // MARK: Categories

    @Sendable func listCategories(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Page<Category>> {
        JSON(try await store.categories(page: try RequestInput.page(request)))
    }

    @Sendable func createCategory(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Category> {
        let created = try await create(try await RequestBody.decode(CategoryDraft.self, from: request))
        return .created(created, location: "/v1/categories/\(created.id)")
    }

    /// Creates the category `draft` describes, once `ResourceRules` accept it: `/v1` and the administrators'
    /// page alike.
    func create(_ draft: CategoryDraft) async throws -> Category {
        let category = try ResourceRules.checked(Category(id: 0, name: draft.name, color: draft.color))
        return try await store.createCategory(category)
    }

    @Sendable func getCategory(_ request: Request, context: HabitsRequestContext) async throws -> JSON<Category>
    {
        JSON(try await store.category(id: try RequestInput.id("categoryID", context)))
    }

    @Sendable func updateCategory(
        _ request: Request, context: HabitsRequestContext
    ) async throws -> JSON<Category> {
        let id = try RequestInput.id("categoryID", context)
        return JSON(try await update(id: id, try await RequestBody.decode(CategoryPatch.self, from: request)))
    }

    /// Applies `patch` to category `id`, the result checked by `ResourceRules`.
    func update(id: Int64, _ patch: CategoryPatch) async throws -> Category {
        try await store.updateCategory(id: id) { try patch.applied(to: $0) }
    }

    @Sendable func deleteCategory(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        try await store.deleteCategory(id: try RequestInput.id("categoryID", context))
        return NoContent()
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
