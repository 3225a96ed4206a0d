import Foundation
import HabitsDomain
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HabitsServer

/// Pages carry someone's text only as text, and every response carries the browser's defences.
@Suite struct PageSafetyTests {
    /// Whether `html` holds `markup` byte for byte, as a browser's parser reads it (Swift's own
    /// `contains` compares grapheme clusters, and would miss a `<` joined to the letter before it).
    static func holdsRaw(_ markup: String, in html: String) -> Bool {
        let bytes = Array(html.utf8), needle = Array(markup.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func aNameJoinedToAPrependLetterOrACombiningMarkIsTextOnEveryPage() async throws {
        let (store, users, habits) = try await screenStore()
        // U+0D4E is a prepend letter: with the `<` after it, one grapheme cluster. U+0301 joins the quote.
        let name = "\u{0D4E}<img src=x onerror=alert(document.domain)>\"\u{0301} autofocus onfocus=alert(2) \""
        _ = try await store.updateUser(id: users["user1"] ?? 0) { user in
            var user = user
            user.name = name
            return user
        }
        let run = habits["Run"] ?? 0
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for page in [
                "/", "/screens/users", "/screens/user?of=\(users["user1"] ?? 0)", "/screens/habit?habit=\(run)",
                "/screens/emoji?habit=\(run)&q=%E0%B5%8E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%22%CC%81",
            ] {
                let response = try await client.send(page)
                #expect(response.status == .ok, "\(page)")
                let html = String(buffer: response.body)
                #expect(!Self.holdsRaw("<img src=x", in: html), "\(page)")
                let joinedQuote = "\"\u{0301} autofocus"
                #expect(!Self.holdsRaw(joinedQuote, in: html), "\(page)")
            }
            let people = String(buffer: try await client.send("/screens/users").body)
            let escaped = "\u{0D4E}&lt;img src=x onerror=alert(document.domain)&gt;&quot;\u{0301}"
            #expect(Self.holdsRaw(escaped, in: people))
        }
    }

    @Test func deletingTheDefaultViewerLeavesThePagesUpForTheFirstUser() async throws {
        let (store, users, _) = try await screenStore()
        try await store.deleteUser(id: users["user0"] ?? 0, cascade: true)
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for page in ["/", "/screens/habits", "/v1/screens/home"] {
                #expect(try await client.send(page).status == .ok, "\(page)")
            }
            let home = try decode(ScreenDocumentProbe.self, try await client.send("/v1/screens/home"))
            #expect(home.screen == "home")
            // Naming a user who is gone is still an error: only the default falls back.
            try expectError(try await client.send("/v1/screens/home?user=user0"), .notFound)
        }
    }

    struct ScreenDocumentProbe: Decodable { var screen: String }

    @Test func aQueryThatIsNotPercentEncodedUTF8IsRefused() async throws {
        let (store, _, habits) = try await screenStore()
        let run = habits["Run"] ?? 0
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for query in ["q=%FF", "q=%", "q=%zz", "q=%C3"] {
                try expectError(try await client.send("/screens/emoji?habit=\(run)&\(query)"), .badRequest)
                try expectError(try await client.send("/v1/screens/emoji?habit=\(run)&\(query)"), .badRequest)
            }
            #expect(try await client.send("/screens/emoji?habit=\(run)&q=%C3%A9").status == .ok)
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let (store, _, _) = try await screenStore()
        let app = makeApplication(store: store, configuration: ServerConfiguration(port: 0, activeUser: "user0"))
        try await app.test(.router) { client in
            for (path, method) in [
                ("/", HTTPRequest.Method.get), ("/screens/habits", .get), ("/web/app.js", .get), ("/v1/users", .get),
                ("/no/such/page", .get), ("/v1/logs", .post),
            ] {
                let response = try await client.execute(uri: path, method: method)
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(path)")
                let directives = Dictionary(
                    policy.split(separator: ";").map { part -> (String, String) in
                        let words = part.split(separator: " ", maxSplits: 1).map(String.init)
                        return (words[0], words.count > 1 ? words[1] : "")
                    }, uniquingKeysWith: { first, _ in first })
                #expect(directives["script-src"] == "'self'", "\(path): \(policy)")
                #expect(!policy.contains("unsafe-eval"), "\(path)")
                #expect(directives["object-src"] == "'none'")
                #expect(directives["base-uri"] == "'none'")
                #expect(directives["frame-ancestors"] == "'none'")
                #expect(directives["form-action"] == "'self'")
                #expect(directives["style-src"] == "'self'", "no inline <style> either")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.referrerPolicy] == "same-origin")
                #expect(response.headers[.crossOriginOpenerPolicy] == "same-origin")
            }
        }
    }
}
