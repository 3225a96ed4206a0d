import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsStore
import Hummingbird

/// Widgets: the Today, streak and calendar of a person wherever they put them (`WidgetFamily`), as a
/// document with a timeline (`widget.json`) and as an SVG image (`widget.svg`).
///
/// With accounts, an `<img>` or a home-screen app carries no cookie, so a widget's address holds a secret
/// of its own, as the calendar feed's does: made by its owner signed in, listed without the secret, and
/// revoked at once. The address shows only what its owner may see, read as the owner.
struct WidgetController: Sendable {
    let store: any HabitStore
    let clock: @Sendable () -> Date
    let cache: WidgetCache

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meWidgets.routerPath, use: list)
        router.post(Routes.meWidgets.routerPath, use: create)
        router.delete(Routes.meWidget.routerPath, use: remove)
        router.get(Routes.widgetImage.routerPath) { request, context in
            try await grantedWidget(request, context, format: .svg)
        }
        router.get(Routes.widgetDocument.routerPath) { request, context in
            try await grantedWidget(request, context, format: .json)
        }
        router.get(Routes.userWidget.routerPath, use: userWidget)
    }

    /// What `POST /v1/me/widgets` takes: the family, the habit for the families of one habit, and the
    /// address's default look (`WidgetStyle`'s options in camel case).
    struct NewWidget: Decodable, Sendable {
        var family: WidgetFamily
        var habitID: Int64?
        var theme: WidgetStyle.Theme?
        var background: String?
        var text: String?
        var accent: String?
        var ring: String?
        var borderRadius: Int?
        var hideBorder: Bool?
        var width: Int?

        var style: WidgetStyle {
            WidgetStyle(
                theme: theme, background: background, text: text, accent: accent, ring: ring,
                borderRadius: borderRadius, hideBorder: hideBorder, width: width)
        }
    }

    /// A new address: the stored one, and the two URLs its secret opens, shown this once.
    struct CreatedWidget: Encodable, Sendable {
        var widget: WidgetAddress
        var url: String
        var documentURL: String
    }

    @Sendable func list(_ request: Request, context: HabitsRequestContext) async throws -> JSON<[WidgetAddress]> {
        JSON(try await store.widgets(userID: try context.signedInIdentity().userID), noStore: true)
    }

    /// Like every credential, only a person signed in makes one, so a leaked token leaves no way in behind it.
    @Sendable func create(_ request: Request, context: HabitsRequestContext) async throws -> JSON<CreatedWidget> {
        let draft = try await RequestBody.decode(NewWidget.self, from: request)
        let created = try await makeAddress(
            family: draft.family, habitID: draft.habitID, style: draft.style, context: context)
        return JSON(created, status: .created, noStore: true)
    }

    /// A new address of the signed-in account (by session), its secret in the URLs answered this once.
    func makeAddress(
        family: WidgetFamily, habitID: Int64?, style: WidgetStyle, context: HabitsRequestContext
    ) async throws -> CreatedWidget {
        let userID = try context.sessionIdentity().userID
        let habitID = try await checkedHabit(habitID, family: family, ownerID: userID)
        let secret = Secrets.newSecret()
        let widget = try await store.createWidget(
            family: family, habitID: habitID, style: try style.checked(for: family),
            secretHash: Secrets.hash(secret), userID: userID, now: clock())
        let base = Self.base(context)
        return CreatedWidget(
            widget: widget, url: base + Routes.widgetImage.path(secret),
            documentURL: base + Routes.widgetDocument.path(secret))
    }

    /// The habit a widget of `family` may show for `ownerID`: one they can see, for the families of one
    /// habit; none for `medium`, which shows their favourites.
    func checkedHabit(_ habitID: Int64?, family: WidgetFamily, ownerID: Int64) async throws -> Int64? {
        guard family.showsOneHabit else {
            guard habitID == nil else {
                throw HabitsError.invalid(
                    field: "habitID", reason: "a medium widget shows your favourites; leave it out.")
            }
            return nil
        }
        guard let habitID else {
            throw HabitsError.invalid(field: "habitID", reason: "is required for a \(family) widget.")
        }
        let habit = try await store.habit(id: habitID)
        guard habit.isVisible(to: ownerID) else { throw HabitsError.notFound(kind: .habit, id: String(habitID)) }
        guard !habit.isArchived else {
            throw HabitsError.invalid(field: "habitID", reason: "the habit is archived; restore it first.")
        }
        return habitID
    }

    @Sendable func remove(_ request: Request, context: HabitsRequestContext) async throws -> NoContent {
        let id = try RequestInput.id("widgetID", context)
        try await store.deleteWidget(id: id, userID: try context.signedInIdentity().userID)
        return NoContent()
    }

    /// The widget whose address's secret is in the path; unknown or revoked is 404, as for any other secret.
    func grantedWidget(_ request: Request, _ context: HabitsRequestContext, format: WidgetFormat) async throws
        -> Response
    {
        let secret = try context.parameters.require("secret")
        let refusal = HabitsError.notFound(kind: .widget, id: "this address")
        guard Secrets.isWellFormed(secret) else { throw refusal }
        let secretHash = Secrets.hash(secret)
        // Read before the lookup: a revocation landing during it leaves the kept address stale, not wrong.
        let revision = store.currentRevision()
        let grant: WidgetGrant
        if let kept = cache.grant(for: secretHash, revision: revision) {
            grant = kept
        } else {
            guard let found = try await store.widgetGrant(secretHash: secretHash) else { throw refusal }
            cache.keep(found, for: secretHash, revision: revision)
            grant = found
        }
        let overrides = try Self.options(request, format: format, allowing: [])
        let address = grant.address
        return try await widget(
            ownerID: grant.ownerID, family: address.family, habitID: address.habitID,
            style: address.style.overridden(by: overrides), format: format, request: request)
    }

    /// Open mode: `small.svg`, `card.json`, … of any user, with `?habit=` for the families of one habit.
    @Sendable func userWidget(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let userID = try RequestInput.id("userID", context)
        let file = try context.parameters.require("file")
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let family = WidgetFamily(rawValue: String(parts[0])),
            let format = WidgetFormat(rawValue: String(parts[1]))
        else {
            throw HabitsError.notFound(kind: .widget, id: String(file.prefix(40)))
        }
        let style = try Self.options(request, format: format, allowing: ["habit"])
        let habitText = request.uri.queryParameters.get("habit")
        let habitID = try habitText.map { text in
            guard let id = Int64(text) else {
                throw HabitsError.invalid(field: "habit", reason: "must be a habit's id.")
            }
            return id
        }
        _ = try await store.user(id: userID)
        return try await widget(
            ownerID: userID, family: family, habitID: try await checkedHabit(habitID, family: family, ownerID: userID),
            style: style, format: format, request: request)
    }

    /// The options of the request's query: the look for an image, none for a document.
    static func options(_ request: Request, format: WidgetFormat, allowing others: Set<String>) throws -> WidgetStyle {
        let pairs = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        if format == .json, let unknown = pairs.first(where: { !others.contains($0.name) }) {
            throw HabitsError.invalid(
                field: Excerpt.quoted(unknown.name), reason: "is not an option of widget.json, which takes none.")
        }
        return try WidgetStyle(query: pairs, allowing: others)
    }

    /// The scheme and host the request came to.
    static func base(_ context: HabitsRequestContext) -> String {
        "\(context.client.scheme.rawValue)://\(context.client.host ?? "localhost")"
    }
}
