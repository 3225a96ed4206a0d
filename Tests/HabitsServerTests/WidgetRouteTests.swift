import CompressNIO
import Foundation
import HTTPTypes
import HabitsDomain
import HabitsScreens
import HabitsSQLite
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

/// Widget addresses through the API: who may make one, what its image and document show, and how it ends.
@Suite struct WidgetRouteTests {
    struct Created: Decodable {
        struct Widget: Decodable { var id: Int64 }
        var widget: Widget
        var url: String
        var documentURL: String
    }

    static func makeWidget(
        _ json: String, as who: SignedIn, _ client: some TestClientProtocol,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Created {
        let response = try await client.send("/v1/me/widgets", .post, body(json), as: who)
        #expect(response.status == .created, sourceLocation: sourceLocation)
        return try decode(Created.self, response)
    }

    @Test func anAddressShowsItsWidgetUntilRevokedAndOnlyItsOwnerManagesIt() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let made = try await Self.makeWidget(#"{"family":"small","habitID":\#(run)}"#, as: ada, client)
            #expect(made.url.hasSuffix("/widget.svg") && made.documentURL.hasSuffix("/widget.json"))
            let image = try await client.send(try pathOf(made.url), as: nil)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(image.headers[.eTag] != nil)
            #expect(image.headers[.cacheControl]?.hasPrefix("public, max-age=") == true)
            let svg = try #require(ParsedSVG.parse(Data(image.body.readableBytesView)))
            #expect(svg.elements.first == "svg" && svg.attributes.first?["role"] == "img")
            #expect(svg.texts["title"] == ["Run: streak"])
            // Self-contained: nothing runs, nothing is fetched, nothing links away.
            #expect(!svg.elements.contains { ["script", "image", "a", "foreignObject", "style", "use"].contains($0) })
            #expect(!svg.attributes.flatMap(\.keys).contains { $0.hasPrefix("on") || $0.hasSuffix("href") })
            #expect(try await client.send(try pathOf(made.documentURL), as: nil).status == .ok)
            // The secret is not listed; another member cannot see or revoke the address.
            let listed = try await client.send("/v1/me/widgets", as: ada)
            #expect(!String(buffer: listed.body).contains(try pathOf(made.url).split(separator: "/")[2]))
            #expect(try await client.send("/v1/me/widgets", as: bo).body.readableBytes == 2)
            try expectError(
                try await client.send("/v1/me/widgets/\(made.widget.id)", .delete, as: bo), .notFound,
                code: "widget_not_found")
            #expect(try await client.send("/v1/me/widgets/\(made.widget.id)", .delete, as: ada).status == .noContent)
            try expectError(try await client.send(try pathOf(made.url), as: nil), .notFound, code: "widget_not_found")
            try expectError(
                try await client.send(try pathOf(made.documentURL), as: nil), .notFound, code: "widget_not_found")
            try expectError(try await client.send("/v1/widgets/not-a-secret/widget.svg", as: nil), .notFound)
        }
    }

    @Test func makingOneChecksTheFamilyTheHabitAndTheCredential() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let own = try await client.send(
                "/v1/habits", .post, body(#"{"name":"Secret diary","categoryID":1}"#), as: bo)
            #expect(own.status == .created)
            let bosHabit = try #require(
                (try JSONSerialization.jsonObject(with: Data(own.body.readableBytesView)) as? [String: Any])?["id"]
                    as? Int)
            for (json, status, field) in [
                (#"{"family":"large","habitID":\#(bosHabit)}"#, HTTPResponse.Status.notFound, nil),
                (#"{"family":"card"}"#, .unprocessableContent, "habitID"),
                (#"{"family":"medium","habitID":\#(run)}"#, .unprocessableContent, "habitID"),
                (#"{"family":"huge","habitID":\#(run)}"#, .badRequest, nil),
                (#"{"family":"small","habitID":\#(run),"accent":"red"}"#, .unprocessableContent, "accent"),
                (#"{"family":"small","habitID":\#(run),"width":5000}"#, .unprocessableContent, "width"),
            ] as [(String, HTTPResponse.Status, String?)] {
                let response = try await client.send("/v1/me/widgets", .post, body(json), as: ada)
                try expectError(response, status)
                if let field { #expect(String(buffer: response.body).contains(field), "\(json)") }
            }
            #expect(try await client.send("/v1/me/widgets", as: ada).body.readableBytes == 2, "nothing was made")
            // Bo's own habit, through Bo's own address.
            _ = try await Self.makeWidget(#"{"family":"card","habitID":\#(bosHabit)}"#, as: bo, client)
            // Bo goes private and keeps running: Ada's widget of the same shared habit shows Ada's days only.
            #expect(try await client.send("/v1/me", .patch, body(#"{"visibility":"private"}"#), as: bo).status == .ok)
            let day = "/v1/users/\(bo.account.user.id)/habits/\(run)/days/2026-11-22"
            #expect(try await client.send(day, .put, as: bo).status == .noContent)
            let adas = try await Self.makeWidget(#"{"family":"small","habitID":\#(run)}"#, as: ada, client)
            let json = try await client.send(
                try pathOf(adas.documentURL), as: nil)
            let shown = try JSONDecoder().decode(WidgetDocument.self, from: Data(json.body.readableBytesView))
            let tile = try #require(shown.timeline.entries.first?.document.items.first?.content.as(TodayHabit.self))
            #expect(!tile.done && tile.streak == 0, "Ada's own days, not Bo's")
            // A token cannot make a credential.
            let made = try await client.send("/v1/me/tokens", .post, body(#"{"name":"cli","scope":"write"}"#), as: ada)
            let object = try JSONSerialization.jsonObject(with: Data(made.body.readableBytesView)) as? [String: Any]
            let token = try #require(object?["token"] as? String)
            let byToken = try await client.send("/v1/me/widgets", .post, body(#"{"family":"medium"}"#), bearer: token)
            #expect(byToken.status == .forbidden)
            // Open mode's route by user is not there with accounts.
            #expect(
                try await client.send("/v1/users/\(ada.account.user.id)/widgets/medium.svg", as: ada).status
                    == .notFound)
        }
    }

    @Test func optionsAreCheckedAndAnUnknownOneIsRefused() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let made = try await Self.makeWidget(
                #"{"family":"card","habitID":\#(run),"theme":"dark"}"#, as: ada, client)
            let image = try pathOf(made.url)
            let dark = String(buffer: try await client.send(image, as: nil).body)
            #expect(dark.contains(##"fill="#0d1117""##), "the address's own theme")
            let light = String(buffer: try await client.send(image + "?theme=light&accent=%23FF8800", as: nil).body)
            #expect(light.contains(##"fill="#ffffff""##) && light.contains("#ff8800"))
            let narrowBody = try await client.send(image + "?width=400", as: nil).body
            let narrow = try #require(ParsedSVG.parse(Data(narrowBody.readableBytesView)))
            #expect(narrow.attributes.first?["width"] == "400" && narrow.attributes.first?["height"] == "158")
            let bare = String(buffer: try await client.send(image + "?hide_border=true&border_radius=0", as: nil).body)
            #expect(bare.contains(#"rx="0""#) && !bare.contains(##"rx="0" fill="#0d1117" stroke"##))
            for query in [
                "?colour=%23ffffff", "?accent=red", "?accent=%23fff", "?accent=%23ff880", "?theme=sepia",
                "?width=20", "?border_radius=99", "?hide_border=maybe", "?theme=dark&theme=light",
                "?accent=%23ff8800%22%3E%3Cscript%3E",
            ] {
                try expectError(try await client.send(image + query, as: nil), .unprocessableContent)
            }
            try expectError(
                try await client.send(try pathOf(made.documentURL) + "?theme=dark", as: nil), .unprocessableContent)
        }
    }

    @Test func aMatchingETagIsAnswered304UntilSomethingChanges() async throws {
        let (store, users, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        let user0 = try #require(users["user0"])
        try await makeApplication(store: store).test(.router) { client in
            let path = "/v1/users/\(user0)/widgets/small.svg?habit=\(run)"
            let first = try await client.send(path, as: nil)
            let tag = try #require(first.headers[.eTag])
            let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag]) { $0 }
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let day = "/v1/users/\(user0)/habits/\(run)/days/2026-11-22"
            #expect(try await client.send(day, .put, as: nil).status == .noContent)
            let changed = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag]) { $0 }
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
        }
    }
}

/// What a widget tells, and to whom: nothing of other people's writes through an address, and a signed-in
/// preview to no shared cache.
@Suite struct WidgetPrivacyTests {
    @Test func anAddressTellsNothingOfOtherPeoplesWrites() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        let swim = try #require(habits["Swim"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let bo = try await client.signUp("bo")
            let made = try await WidgetRouteTests.makeWidget(#"{"family":"card","habitID":\#(run)}"#, as: ada, client)
            let path = try pathOf(made.documentURL)
            let before = try await client.send(path, as: nil)
            let tag = try #require(before.headers[.eTag])
            #expect(!String(buffer: before.body).contains(#""revision":"\#(store.currentRevision())""#))
            let day = "/v1/users/\(bo.account.user.id)/habits/\(swim)/days/2026-11-22"
            #expect(try await client.send(day, .put, as: bo).status == .noContent)
            let after = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag]) { $0 }
            #expect(after.status == .notModified, "Bo's day changes nothing Ada's widget shows")
        }
    }

    @Test func aPreviewIsTheSignedInAccountsOwn() async throws {
        let (store, _, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        try await makeApplication(store: store, configuration: accountsConfiguration).test(.router) { client in
            let ada = try await client.signUp("ada")
            let preview = try await client.send("/account/widgets/preview/small.svg?habit=\(run)&theme=dark", as: ada)
            #expect(preview.status == .ok)
            #expect(preview.headers[.cacheControl] == "private, no-cache")
            #expect(preview.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] == nil)
            let tinted = try await client.send("/account/widgets/preview/medium.svg?accent=%23ffffff", as: ada)
            try expectError(tinted, .unprocessableContent)
            let anonymous = try await client.send("/account/widgets/preview/small.svg?habit=\(run)", as: nil)
            #expect(anonymous.status == .seeOther)
        }
    }
}

/// A widget compressed once, sent to every client that accepts gzip.
@Suite struct WidgetCompressionTests {
    @Test func aGzipClientGetsTheSameImageCompressed() async throws {
        let (store, users, habits) = try await screenStore()
        let run = try #require(habits["Run"])
        let user0 = try #require(users["user0"])
        try await makeApplication(store: store).test(.router) { client in
            let path = "/v1/users/\(user0)/widgets/large.svg?habit=\(run)"
            let plain = try await client.send(path, as: nil)
            let packed = try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"]) { $0 }
            #expect(packed.headers[.contentEncoding] == "gzip")
            #expect(packed.headers[.eTag] == "W/" + (plain.headers[.eTag] ?? ""))
            #expect(packed.headers[values: .vary] == ["Accept-Encoding"])
            #expect(packed.body.readableBytes < plain.body.readableBytes / 3)
            var body = packed.body
            #expect(try body.decompress(with: .gzip()) == plain.body)
        }
    }
}
