import HTTPTypes
import HabitsDomain

/// Who may call a route, in each mode: one rule per route and method, all in `AccessRule.table`, so
/// that a new route cannot be added without deciding who may call it (a test checks the table covers
/// every route the router serves).
enum AccessRule: Sendable, Equatable {
    /// Anyone, in both modes: health, the API document, the web client's files.
    case anyone
    /// What operators read about everyone's activity (`/metrics`): in accounts mode an administrator, or a
    /// scraper from an address `--metrics-host` names; in open mode (this machine only) anyone.
    case operations
    /// Open mode only; accounts mode answers 404 saying so (the course API, the viewer picker).
    case openModeOnly
    /// Accounts mode only, signed in or not (signing up and in).
    case accountsModeOnly
    /// Accounts mode only, signed in (the account's own routes).
    case accountsModeSignedIn
    /// Any signed-in account (open mode: anyone). Writes whose body names a user check it in the handler.
    case signedIn
    /// A web page: anonymous browsers are sent to the sign-in page rather than answered 401.
    case signedInPage
    /// The account's web pages and forms: accounts mode only; anonymous browsers go to the sign-in page.
    case accountPage
    /// Only the user the path's `userID` names.
    case pathUser
    /// Any signed-in account that may see the path's `userID` (public, itself, or a private user it
    /// follows); 404 for the others, as for a user who does not exist.
    case visibleUser
    /// Administrators only: the shared catalogue and the demo's simulator.
    case administrator
    /// The administrators' web pages of the shared catalogue. Open mode serves them, as it lets anyone write
    /// the catalogue through `/v1` (`.administrator`); with accounts, anonymous browsers go to the sign-in
    /// page and a member is answered the 403 page.
    case administratorPage
    /// The administrators' web page of accounts: as `.administratorPage` with accounts; open mode has no
    /// accounts, so it answers 404 there, as the account pages do.
    case administratorAccountsPage
    /// Never in accounts mode, for the reason given (another route does it as the signed-in account).
    case refusedWithAccounts(String)

    /// The rule of `route` for `method`, nil when the route does not answer that method.
    static func rule(for route: RoutePattern, method: HTTPRequest.Method) -> AccessRule? {
        table[route]?[method.rawValue == "HEAD" ? "GET" : method.rawValue]
    }

    /// Every route's rule per method.
    static let table: [RoutePattern: [String: AccessRule]] = {
        var table: [RoutePattern: [String: AccessRule]] = [:]
        func set(_ route: RoutePattern, _ rules: [String: AccessRule]) { table[route] = rules }
        let read: [String: AccessRule] = ["GET": .signedIn]
        let readOfAUser: [String: AccessRule] = ["GET": .visibleUser]

        for route in [
            Routes.courseUsers, Routes.courseHabits, Routes.courseCategories, Routes.combinedStatistics,
            Routes.habitStatistics, Routes.userStatistics, Routes.leadingStatistics,
        ] { set(route, ["GET": .openModeOnly]) }
        set(Routes.loggedHabit, ["POST": .openModeOnly])
        set(Routes.userImage, ["GET": .openModeOnly, "PUT": .openModeOnly])
        for route in [Routes.health, Routes.readiness, Routes.openAPI, Routes.webFile] {
            set(route, ["GET": .anyone])
        }
        // Per-route counts move with other people's activity: not for everyone to watch.
        set(Routes.metrics, ["GET": .operations])

        set(
            Routes.users,
            [
                "GET": .signedIn,
                "POST": .refusedWithAccounts("Accounts are created by signing up: POST /v1/auth/signup."),
            ])
        set(
            Routes.user,
            [
                "GET": .visibleUser, "PATCH": .pathUser,
                "DELETE": .refusedWithAccounts(
                    "Delete your own account with DELETE /v1/me, which needs your password."),
            ])
        set(Routes.favorites, readOfAUser)
        set(Routes.favorite, ["PUT": .pathUser, "DELETE": .pathUser])
        set(Routes.followed, readOfAUser)
        set(Routes.following, ["PUT": .pathUser, "DELETE": .pathUser])
        set(Routes.userLogs, readOfAUser)
        for collection in [Routes.categories, Routes.programs, Routes.helpTags] {
            set(collection, ["GET": .signedIn, "POST": .administrator])
        }
        for item in [Routes.category, Routes.program, Routes.helpTag, Routes.helpQuestion] {
            set(item, ["GET": .signedIn, "PATCH": .administrator, "DELETE": .administrator])
        }
        // Members add and write habits of their own; the handlers keep the shared ones to administrators.
        set(Routes.habits, ["GET": .signedIn, "POST": .signedIn])
        set(Routes.habit, ["GET": .signedIn, "PATCH": .signedIn, "DELETE": .signedIn])
        set(Routes.habitArchive, ["POST": .signedIn])
        set(Routes.habitRestore, ["POST": .signedIn])
        set(Routes.habitOrder, ["GET": .pathUser, "PUT": .pathUser])
        // A calendar app carries no cookie: the feed's own secret, in its address, is its credential.
        set(Routes.meCalendar, ["GET": .accountsModeOnly])
        set(Routes.meCalendarFeed, ["POST": .accountsModeSignedIn, "DELETE": .accountsModeSignedIn])
        set(Routes.userCalendar, ["GET": .openModeOnly])
        // A widget is read by an <img> or an app that carries no cookie: its address's secret opens it.
        set(Routes.meWidgets, ["GET": .accountsModeSignedIn, "POST": .accountsModeSignedIn])
        set(Routes.meWidget, ["DELETE": .accountsModeSignedIn])
        set(Routes.widgetImage, ["GET": .accountsModeOnly])
        set(Routes.widgetDocument, ["GET": .accountsModeOnly])
        set(Routes.userWidget, ["GET": .openModeOnly])
        set(Routes.logs, ["POST": .signedIn])
        set(Routes.logBatch, ["POST": .signedIn])
        set(Routes.logUndo, ["POST": .signedIn])
        set(Routes.log, ["GET": .signedIn, "DELETE": .signedIn])
        set(Routes.days, readOfAUser)
        set(Routes.day, ["GET": .visibleUser, "PUT": .pathUser, "DELETE": .pathUser])
        set(Routes.streak, readOfAUser)
        set(Routes.strength, readOfAUser)
        set(Routes.programPicture, ["PUT": .administrator])
        set(Routes.programImage, ["GET": .anyone])
        set(Routes.joinedPrograms, readOfAUser)
        set(Routes.membership, ["PUT": .pathUser, "DELETE": .pathUser])
        set(Routes.rating, ["PUT": .pathUser, "DELETE": .pathUser])
        set(Routes.helpQuestions, ["GET": .signedIn, "POST": .signedIn])
        set(Routes.recentEmoji, ["GET": .pathUser])
        set(Routes.emojiPicks, ["POST": .pathUser])

        set(Routes.signUp, ["POST": .accountsModeOnly])
        set(Routes.signIn, ["POST": .accountsModeOnly])
        set(Routes.signOut, ["POST": .accountsModeSignedIn])
        set(Routes.signOutEverywhere, ["POST": .accountsModeSignedIn])
        set(Routes.me, ["GET": .accountsModeSignedIn, "PATCH": .accountsModeSignedIn, "DELETE": .accountsModeSignedIn])
        set(Routes.mePassword, ["POST": .accountsModeSignedIn])
        set(Routes.meSessions, ["GET": .accountsModeSignedIn])
        set(Routes.meSession, ["DELETE": .accountsModeSignedIn])
        set(Routes.meTokens, ["GET": .accountsModeSignedIn, "POST": .accountsModeSignedIn])
        set(Routes.meToken, ["DELETE": .accountsModeSignedIn])
        set(Routes.meToday, ["GET": .accountsModeSignedIn])
        set(Routes.meExport, ["GET": .accountsModeSignedIn])
        set(Routes.meImport, ["POST": .accountsModeSignedIn])
        set(Routes.meFollowers, ["GET": .accountsModeSignedIn])
        set(Routes.meFollower, ["DELETE": .accountsModeSignedIn])
        set(Routes.meFollowRequests, ["GET": .accountsModeSignedIn])
        set(Routes.meFollowRequestApproval, ["POST": .accountsModeSignedIn])
        set(Routes.meFollowRequestDecline, ["POST": .accountsModeSignedIn])

        for route in [Routes.screen, Routes.screenChanges, Routes.screenEvents, Routes.screenFrames, Routes.pageLive] {
            set(route, read)
        }
        for route in [Routes.webHome, Routes.page, Routes.pageTransition] { set(route, ["GET": .signedInPage]) }
        set(Routes.viewer, ["POST": .openModeOnly])
        set(Routes.signInPage, ["GET": .accountsModeOnly, "POST": .accountsModeOnly])
        set(Routes.signUpPage, ["GET": .accountsModeOnly, "POST": .accountsModeOnly])
        set(Routes.signOutPage, ["POST": .accountsModeOnly])
        set(Routes.accountPage, ["GET": .accountPage, "POST": .accountPage])
        set(Routes.accountHabits, ["GET": .accountPage, "POST": .accountPage])
        set(Routes.accountCalendar, ["POST": .accountPage])
        set(Routes.accountWidgets, ["GET": .accountPage, "POST": .accountPage])
        set(Routes.accountWidgetPreview, ["GET": .accountPage])
        set(Routes.adminPage, ["GET": .administratorPage])
        set(Routes.adminCategories, ["GET": .administratorPage, "POST": .administratorPage])
        set(Routes.adminPeople, ["GET": .administratorAccountsPage, "POST": .administratorAccountsPage])
        for page in [Routes.adminHabits, Routes.adminHelp, Routes.adminHelpTags, Routes.adminPrograms] {
            set(page, ["GET": .administratorPage, "POST": .administratorPage])
        }
        for form in [
            Routes.accountPassword, Routes.accountSessions, Routes.accountTokens, Routes.accountDelete,
            Routes.accountFollowers, Routes.accountFollowRequests, Routes.accountFollow,
        ] {
            set(form, ["POST": .accountPage])
        }
        for route in [Routes.simulatorStart, Routes.simulatorStop, Routes.simulatorReset, Routes.simulatorSpeed] {
            set(route, ["POST": .administrator])
        }
        set(Routes.simulatorStatus, ["GET": .signedIn])
        return table
    }()
}
