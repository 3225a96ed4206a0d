import Foundation
import HabitsDomain
import HabitsStore
import Hummingbird

/// `/v1/users…`: users, their favourite habits and the users they follow.
struct V1UserRoutes: Sendable {
    let store: any HabitStore

    func addRoutes(to router: Router<HabitsRequestContext>) {
        let users = router.group("/v1/users")
        users.get { request, _ in
            try JSONResponse.encode(try await store.users(page: try V1Request.page(request)))
        }
        users.post { request, _ in
            let draft = try await V1Request.body(UserDraft.self, request)
            let user = try ResourceRules.checked(UserResource(
                id: 0,
                key: draft.key ?? UUID().uuidString.lowercased(),
                name: draft.name,
                color: draft.color,
                bio: draft.bio,
                timeZone: draft.timeZone ?? "UTC",
                locale: draft.locale ?? "en_US"
            ))
            let created = try await store.createUser(user)
            return try JSONResponse.created(created, location: "/v1/users/\(created.id)")
        }
        users.get(":userID") { _, context in
            try JSONResponse.encode(try await store.user(id: try V1Request.id("userID", context)))
        }
        users.patch(":userID") { request, context in
            let id = try V1Request.id("userID", context)
            let patch = try await V1Request.body(UserPatch.self, request)
            return try JSONResponse.encode(try await store.updateUser(id: id) { try patch.applied(to: $0) })
        }
        users.delete(":userID") { request, context in
            try await store.deleteUser(id: try V1Request.id("userID", context), cascade: try V1Request.cascade(request))
            return JSONResponse.noContent
        }

        users.get(":userID/favorites") { request, context in
            let id = try V1Request.id("userID", context)
            return try JSONResponse.encode(try await store.favorites(userID: id, page: try V1Request.page(request)))
        }
        users.put(":userID/favorites/:habitID") { _, context in
            try await store.setFavorite(userID: try V1Request.id("userID", context), habitID: try V1Request.id("habitID", context), true)
            return JSONResponse.noContent
        }
        users.delete(":userID/favorites/:habitID") { _, context in
            try await store.setFavorite(userID: try V1Request.id("userID", context), habitID: try V1Request.id("habitID", context), false)
            return JSONResponse.noContent
        }

        users.get(":userID/following") { request, context in
            let id = try V1Request.id("userID", context)
            return try JSONResponse.encode(try await store.following(userID: id, page: try V1Request.page(request)))
        }
        users.put(":userID/following/:followedID") { _, context in
            try await store.setFollowing(userID: try V1Request.id("userID", context), followedID: try V1Request.id("followedID", context), true)
            return JSONResponse.noContent
        }
        users.delete(":userID/following/:followedID") { _, context in
            try await store.setFollowing(userID: try V1Request.id("userID", context), followedID: try V1Request.id("followedID", context), false)
            return JSONResponse.noContent
        }

        users.get(":userID/logs") { request, context in
            let id = try V1Request.id("userID", context)
            let range = try V1Request.timeRange(request)
            return try JSONResponse.encode(try await store.logs(userID: id, in: range, page: try V1Request.page(request)))
        }
    }
}
