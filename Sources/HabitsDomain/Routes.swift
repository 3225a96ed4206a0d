/// A path of the HTTP API with named parameters (`/v1/users/:userID/favorites/:habitID`), declared once
/// in `Routes`: controllers register it, screens fill it for their actions, tests read both.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as the router takes it: segments, and parameters as `:name`.
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    public var description: String { pattern }

    /// The names of the parameters, in order.
    public var parameterNames: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }

    /// The pattern as the OpenAPI document writes it: `{name}` for `:name`.
    public var openAPIPath: String {
        "/" + pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    /// The path with each parameter, in order, replaced by the next of `values`, percent-encoded.
    ///
    /// - Precondition: as many values as parameters; a route's caller passes them in one literal list.
    public func path(_ values: any CustomStringConvertible...) -> String {
        var remaining = values[...]
        let segments = pattern.split(separator: "/").map { segment -> String in
            guard segment.hasPrefix(":"), let value = remaining.popFirst() else { return String(segment) }
            return PathSegment.encode(value.description)
        }
        precondition(remaining.isEmpty, "\(pattern) takes \(parameterNames.count) parameters")
        return "/" + segments.joined(separator: "/")
    }
}

/// Every route of the server, declared once: controllers register these, screens fill them for their
/// actions, the command-line client (`HabitsClient`) fills them for its calls, and a test checks that the
/// router serves exactly these and the OpenAPI document lists them.
public enum Routes {
    // MARK: The course API (the course app's server, unchanged)
    /// `GET` every user.
    public static let courseUsers = RoutePattern("/users")
    /// `GET` every habit.
    public static let courseHabits = RoutePattern("/habits")
    /// `GET` every category.
    public static let courseCategories = RoutePattern("/categories")
    /// `GET` the statistics of every user and habit.
    public static let combinedStatistics = RoutePattern("/combinedStats")
    /// `GET` each habit's counts by user.
    public static let habitStatistics = RoutePattern("/habitStats")
    /// `GET` each user's counts by habit.
    public static let userStatistics = RoutePattern("/userStats")
    /// `GET` the habits a user leads.
    public static let leadingStatistics = RoutePattern("/userLeadingStats/:userID")
    /// `POST` a logged habit.
    public static let loggedHabit = RoutePattern("/loggedHabit")
    /// `GET` or `PUT` a user's picture (the course API's path).
    public static let userImage = RoutePattern("/images/:userID")

    // MARK: Operations
    /// `GET` whether the process runs.
    public static let health = RoutePattern("/healthz")
    /// `GET` whether the store answers.
    public static let readiness = RoutePattern("/readyz")
    /// `GET` the Prometheus metrics.
    public static let metrics = RoutePattern("/metrics")
    /// `GET` the OpenAPI document.
    public static let openAPI = RoutePattern("/openapi.yaml")

    // MARK: /v1 users, catalogue and logs
    /// `GET` users by page, `POST` one.
    public static let users = RoutePattern("/v1/users")
    /// `GET`, `PATCH` or `DELETE` a user.
    public static let user = RoutePattern("/v1/users/:userID")
    /// `GET` a user's favourite habits.
    public static let favorites = RoutePattern("/v1/users/:userID/favorites")
    /// `PUT` or `DELETE` a favourite habit.
    public static let favorite = RoutePattern("/v1/users/:userID/favorites/:habitID")
    /// `GET` the users a user follows.
    public static let followed = RoutePattern("/v1/users/:userID/following")
    /// `PUT` or `DELETE` a follow.
    public static let following = RoutePattern("/v1/users/:userID/following/:followedID")
    /// `GET` a user's logs in a time range.
    public static let userLogs = RoutePattern("/v1/users/:userID/logs")
    /// `GET` categories by page, `POST` one.
    public static let categories = RoutePattern("/v1/categories")
    /// `GET`, `PATCH` or `DELETE` a category.
    public static let category = RoutePattern("/v1/categories/:categoryID")
    /// `GET` habits by page, `POST` one.
    public static let habits = RoutePattern("/v1/habits")
    /// `GET`, `PATCH` or `DELETE` a habit.
    public static let habit = RoutePattern("/v1/habits/:habitID")
    /// `POST` to hide a habit from every screen, its history kept.
    public static let habitArchive = RoutePattern("/v1/habits/:habitID/archive")
    /// `POST` to bring an archived habit back.
    public static let habitRestore = RoutePattern("/v1/habits/:habitID/restore")
    /// `GET` a user's own habits in their order, `PUT` a new order.
    public static let habitOrder = RoutePattern("/v1/users/:userID/habit-order")
    /// `GET` the account's iCalendar feed, by the feed's secret in `?token=` (no cookie needed).
    public static let meCalendar = RoutePattern("/v1/me/calendar.ics")
    /// `POST` a new calendar feed address (replacing the earlier one), `DELETE` to end the feed.
    public static let meCalendarFeed = RoutePattern("/v1/me/calendar-feed")
    /// `GET` the account's widget addresses, or `POST` a new one (its secret shown once).
    public static let meWidgets = RoutePattern("/v1/me/widgets")
    /// `DELETE` one of the account's widget addresses.
    public static let meWidget = RoutePattern("/v1/me/widgets/:widgetID")
    /// `GET` a widget as an SVG image, through its address's secret.
    public static let widgetImage = RoutePattern("/v1/widgets/:secret/widget.svg")
    /// `GET` a widget's document and timeline, through its address's secret.
    public static let widgetDocument = RoutePattern("/v1/widgets/:secret/widget.json")
    /// Open mode: `GET` anyone's widget by family (`small.svg`, `card.json`, …).
    public static let userWidget = RoutePattern("/v1/users/:userID/widgets/:file")
    /// `GET` a user's iCalendar feed in open mode.
    public static let userCalendar = RoutePattern("/v1/users/:userID/calendar.ics")
    /// `POST` a log of the viewer's habit.
    public static let logs = RoutePattern("/v1/logs")
    /// `POST` several logs, all or none.
    public static let logBatch = RoutePattern("/v1/logs/batch")
    /// `POST` to take back the latest log of a habit made today.
    public static let logUndo = RoutePattern("/v1/logs/undo")
    /// `GET` or `DELETE` a log.
    public static let log = RoutePattern("/v1/logs/:logID")
    /// `GET` the done days of a habit.
    public static let days = RoutePattern("/v1/users/:userID/habits/:habitID/days")
    /// `PUT` or `DELETE` a done day of a habit.
    public static let day = RoutePattern("/v1/users/:userID/habits/:habitID/days/:day")
    /// `GET` a habit's strength day by day (Loop Habit Tracker's score).
    public static let strength = RoutePattern("/v1/users/:userID/habits/:habitID/score")
    /// `GET` the streak of a habit.
    public static let streak = RoutePattern("/v1/users/:userID/habits/:habitID/streak")

    // MARK: /v1 programs, help and emoji
    /// `GET` programs by page, `POST` one.
    public static let programs = RoutePattern("/v1/programs")
    /// `GET`, `PATCH` or `DELETE` a program.
    public static let program = RoutePattern("/v1/programs/:programID")
    /// `PUT` a program's picture.
    public static let programPicture = RoutePattern("/v1/programs/:programID/image")
    /// `GET` a program's picture.
    public static let programImage = RoutePattern("/images/programs/:programID")
    /// `GET` the programs a user joined.
    public static let joinedPrograms = RoutePattern("/v1/users/:userID/programs")
    /// `PUT` or `DELETE` a membership of a program.
    public static let membership = RoutePattern("/v1/users/:userID/programs/:programID")
    /// `PUT` or `DELETE` a rating of a program.
    public static let rating = RoutePattern("/v1/users/:userID/ratings/:programID")
    /// `GET` help tags, `POST` one.
    public static let helpTags = RoutePattern("/v1/help/tags")
    /// `PATCH` or `DELETE` a help tag.
    public static let helpTag = RoutePattern("/v1/help/tags/:tagID")
    /// `GET` questions, `POST` one to the help desk.
    public static let helpQuestions = RoutePattern("/v1/help/questions")
    /// `GET`, `PATCH` or `DELETE` a question.
    public static let helpQuestion = RoutePattern("/v1/help/questions/:questionID")
    /// `GET` a user's recent emoji.
    public static let recentEmoji = RoutePattern("/v1/users/:userID/recent-emoji")
    /// `POST` an emoji chosen for a habit.
    public static let emojiPicks = RoutePattern("/v1/users/:userID/emoji-picks")

    // MARK: Accounts (accounts mode)
    /// `POST` a new account; answers with a session.
    public static let signUp = RoutePattern("/v1/auth/signup")
    /// `POST` a username and password; answers with a new session.
    public static let signIn = RoutePattern("/v1/auth/signin")
    /// `POST` to end this session.
    public static let signOut = RoutePattern("/v1/auth/signout")
    /// `POST` to end every session of the account.
    public static let signOutEverywhere = RoutePattern("/v1/auth/signout-everywhere")
    /// `GET`, `PATCH` or `DELETE` the signed-in account.
    public static let me = RoutePattern("/v1/me")
    /// `POST` a new password (with the old one).
    public static let mePassword = RoutePattern("/v1/me/password")
    /// `GET` the account's sessions.
    public static let meSessions = RoutePattern("/v1/me/sessions")
    /// `DELETE` one of the account's sessions.
    public static let meSession = RoutePattern("/v1/me/sessions/:sessionID")
    /// `GET` the account's API tokens, or `POST` a new one.
    public static let meTokens = RoutePattern("/v1/me/tokens")
    /// `DELETE` (revoke) one of the account's tokens.
    public static let meToken = RoutePattern("/v1/me/tokens/:tokenID")
    /// `GET` the account's habits on its today.
    public static let meToday = RoutePattern("/v1/me/today")
    /// `GET` everything the account owns, as JSON or a zip of CSV files.
    public static let meExport = RoutePattern("/v1/me/export")
    /// `POST` our JSON export or Loop Habit Tracker's CSV zip into the account.
    public static let meImport = RoutePattern("/v1/me/import")
    /// `GET` who follows the account.
    public static let meFollowers = RoutePattern("/v1/me/followers")
    /// `DELETE` one of the account's followers: they no longer follow it.
    public static let meFollower = RoutePattern("/v1/me/followers/:followerID")
    /// `GET` the requests waiting for the account's approval to follow it.
    public static let meFollowRequests = RoutePattern("/v1/me/follow-requests")
    /// `POST` to approve one: the requester then follows the account.
    public static let meFollowRequestApproval = RoutePattern("/v1/me/follow-requests/:requesterID/approve")
    /// `POST` to decline one.
    public static let meFollowRequestDecline = RoutePattern("/v1/me/follow-requests/:requesterID/decline")

    // MARK: Screens
    /// `GET` a screen's document.
    public static let screen = RoutePattern("/v1/screens/:screen")
    /// `GET` a screen's changes since a revision.
    public static let screenChanges = RoutePattern("/v1/screens/:screen/changes")
    /// `GET` a screen's event stream.
    public static let screenEvents = RoutePattern("/v1/screens/:screen/events")
    /// `GET` a screen's item frames at a viewport size.
    public static let screenFrames = RoutePattern("/v1/screens/:screen/frames")

    // MARK: The web client
    /// `GET` Home's page.
    public static let webHome = RoutePattern("/")
    /// `GET` a screen's page.
    public static let page = RoutePattern("/screens/:screen")
    /// `GET` a page's live events.
    public static let pageLive = RoutePattern("/screens/:screen/live")
    /// `GET` the change from one page to another.
    public static let pageTransition = RoutePattern("/screens/:screen/transition")
    /// `GET` the web client's script and stylesheet.
    public static let webFile = RoutePattern("/web/:file")
    /// `POST` the viewer chosen in the header.
    public static let viewer = RoutePattern("/viewer")
    /// `GET` the sign-in form, `POST` it (accounts mode).
    public static let signInPage = RoutePattern("/signin")
    /// `GET` the sign-up form, `POST` it.
    public static let signUpPage = RoutePattern("/signup")
    /// `POST` to sign this browser out.
    public static let signOutPage = RoutePattern("/signout")
    /// `GET` the account page, `POST` its profile form.
    public static let accountPage = RoutePattern("/account")
    /// `POST` the account page's password form.
    public static let accountPassword = RoutePattern("/account/password")
    /// `POST` the account page's form that ends sessions.
    public static let accountSessions = RoutePattern("/account/sessions")
    /// `POST` the account page's token forms (create, revoke).
    public static let accountTokens = RoutePattern("/account/tokens")
    /// `POST` the account page's deletion form.
    public static let accountDelete = RoutePattern("/account/delete")
    /// `POST` the account page's form that removes a follower.
    public static let accountFollowers = RoutePattern("/account/followers")
    /// `POST` the account page's answer to a follow request.
    public static let accountFollowRequests = RoutePattern("/account/follow-requests")
    /// `POST` the account page's form that follows (or asks to follow) someone by username.
    public static let accountFollow = RoutePattern("/account/follow")
    /// `GET` "Your habits", `POST` its form (add, archive, restore).
    public static let accountHabits = RoutePattern("/account/habits")
    /// The account's widgets: previews of each family, new addresses and revocation (`GET`, `POST`).
    public static let accountWidgets = RoutePattern("/account/widgets")
    /// `GET` a preview of one family (`small.svg`, …) for the signed-in account.
    public static let accountWidgetPreview = RoutePattern("/account/widgets/preview/:file")
    /// `POST` to make a calendar address or end the feed.
    public static let accountCalendar = RoutePattern("/account/calendar")

    // MARK: The administrators' pages
    /// `GET` the administrators' index.
    public static let adminPage = RoutePattern("/admin")
    /// `GET` the categories, `POST` its forms (create, update, delete).
    public static let adminCategories = RoutePattern("/admin/categories")
    /// `GET` the accounts, `POST` its forms (grant, revoke, remove).
    public static let adminPeople = RoutePattern("/admin/people")
    /// `GET` the shared habits, `POST` its forms (create, rename, archive, restore).
    public static let adminHabits = RoutePattern("/admin/habits")
    /// `GET` the help questions, `POST` its forms (answer, take an answer back).
    public static let adminHelp = RoutePattern("/admin/help")
    /// `GET` the help screen's topics, `POST` its forms (create, rename, delete).
    public static let adminHelpTags = RoutePattern("/admin/tags")
    /// `GET` the programs, or one in its form (`?edit=`); `POST` its forms (create, update, delete).
    public static let adminPrograms = RoutePattern("/admin/programs")

    // MARK: The demo's simulator (with --demo, from loopback)
    /// `POST` to start the simulator.
    public static let simulatorStart = RoutePattern("/control/simulator/start")
    /// `POST` to stop it.
    public static let simulatorStop = RoutePattern("/control/simulator/stop")
    /// `POST` to reload the demo.
    public static let simulatorReset = RoutePattern("/control/simulator/reset")
    /// `POST` a speed.
    public static let simulatorSpeed = RoutePattern("/control/simulator/speed/:multiplier")
    /// `GET` its state.
    public static let simulatorStatus = RoutePattern("/control/simulator/status")

    /// Every route declared here.
    public static let all: [RoutePattern] = [
        courseUsers, courseHabits, courseCategories, combinedStatistics, habitStatistics, userStatistics,
        leadingStatistics, loggedHabit, userImage, health, readiness, metrics, openAPI,
        users, user, favorites, favorite, followed, following, userLogs, categories, category, habits, habit,
        habitArchive, habitRestore, habitOrder, meCalendar, meCalendarFeed, userCalendar, logs, logBatch, logUndo, log,
        meWidgets, meWidget, widgetImage, widgetDocument, userWidget,
        days, day, streak, strength,
        programs, program, programPicture, programImage, joinedPrograms, membership, rating,
        helpTags, helpTag, helpQuestions, helpQuestion, recentEmoji, emojiPicks,
        signUp, signIn, signOut, signOutEverywhere, me, mePassword, meSessions, meSession, meTokens, meToken,
        meToday, meExport, meImport,
        meFollowers, meFollower, meFollowRequests, meFollowRequestApproval, meFollowRequestDecline,
        screen, screenChanges, screenEvents, screenFrames,
        webHome, page, pageLive, pageTransition, webFile, viewer,
        signInPage, signUpPage, signOutPage, accountPage, accountPassword, accountSessions, accountTokens,
        accountDelete, accountFollowers, accountFollowRequests, accountFollow, accountHabits, accountCalendar,
        accountWidgets, accountWidgetPreview,
        adminPage, adminCategories, adminPeople, adminHabits, adminHelp, adminHelpTags, adminPrograms,
        simulatorStart, simulatorStop, simulatorReset, simulatorSpeed, simulatorStatus,
    ]
}

/// Percent-encoding of one path segment.
public enum PathSegment {
    /// `value` percent-encoded for one path segment (RFC 3986 unreserved characters kept).
    public static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = String(byte, radix: 16, uppercase: true)
                result += "%" + (digits.count == 1 ? "0" + digits : digits)
            }
        }
        return result
    }
}
