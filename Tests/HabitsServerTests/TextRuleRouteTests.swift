import Foundation
import HabitsDomain
@testable import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Through the API, every user-written field keeps exactly what its `TextRule` makes of the text sent,
/// and refuses what the rule refuses with a 422 JSON error that names the field.
@Suite struct TextRuleRouteTests {
    /// A request: where, how, and its JSON body.
    typealias Sent = (uri: String, method: HTTPRequest.Method, body: [String: Any]?)

    /// One field of one route: how to send text in it and read it back.
    struct Field {
        var rule: TextRule
        /// The request carrying `text` (unique per seed where the resource needs it).
        var request: (_ text: String, _ seed: UInt64) -> Sent
        /// The stored value in a successful answer, nil where the answer does not echo it.
        var stored: ((_ json: [String: Any]) -> String?)?
        /// What the server does with `text` beyond the rule (the question's own wording).
        var check: (String) throws(HabitsError) -> String
    }

    static func fields(categoryID: Int64, habitID: Int64) -> [Field] {
        func post(_ uri: String, _ body: [String: Any]) -> (String, HTTPRequest.Method, [String: Any]?) {
            (uri, .post, body)
        }
        let usd: [String: Any] = ["amount": "1.00", "currency": "USD"]
        let name = ResourceRules.nameRule
        let bio = ResourceRules.textRule
        let description = ResourceRules.textRule.named("description")
        let tag = HelpRules.tagNameRule
        let search = ScreenParameters.searchRule
        return [
            Field(
                rule: name, request: { text, seed in post("/v1/users", ["key": "k\(seed)", "name": text]) },
                stored: { $0["name"] as? String }, check: { text throws(HabitsError) in try name.checked(text) }),
            Field(
                rule: bio,
                request: { text, seed in post("/v1/users", ["key": "b\(seed)", "name": "B \(seed)", "bio": text]) },
                stored: { $0["bio"] as? String }, check: { text throws(HabitsError) in try bio.checked(text) }),
            Field(
                rule: description,
                request: { text, seed in
                    post("/v1/habits", ["name": "H\(seed)", "categoryID": categoryID, "description": text])
                },
                stored: { $0["description"] as? String },
                check: { text throws(HabitsError) in try description.checked(text) }),
            Field(
                rule: ProgramRules.titleRule,
                request: { text, _ in
                    post("/v1/programs", ["title": text, "author": "A", "categoryID": categoryID, "price": usd])
                },
                stored: { $0["title"] as? String },
                check: { text throws(HabitsError) in try ProgramRules.titleRule.checked(text) }),
            Field(
                rule: tag, request: { text, seed in post("/v1/help/tags", ["name": "t\(seed) " + text]) },
                stored: { $0["name"] as? String },
                check: { text throws(HabitsError) in try tag.checked(text) }),
            Field(
                rule: HelpRules.questionRule,
                request: { text, _ in post("/v1/help/questions", ["question": text]) },
                stored: { $0["question"] as? String },
                check: { text throws(HabitsError) in try HelpRules.question(text) }),
            Field(
                rule: search,
                request: { text, _ in
                    let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                    return ("/v1/screens/emoji?user=user0&habit=\(habitID)&q=\(query)", .get, nil)
                },
                stored: nil, check: { text throws(HabitsError) in try search.checked(text) }),
        ]
    }

    @Test func everyFieldKeepsWhatItsRuleKeepsAndRefusesWhatItRefuses() async throws {
        let store = try await SQLiteHabitStore.temporary(content: Fixture.content())
        let app = makeApplication(store: store)
        try await app.test(.router) { client in
            let categoryID = try #require(try await client.all("/v1/categories", Category.self).first).id
            let habitID = try #require(try await client.all("/v1/habits", Habit.self).first).id
            let fields = Self.fields(categoryID: categoryID, habitID: habitID)
            var verdicts = (accepted: 0, refused: 0)
            await forEachSeedAsync(count: UInt64(100)) { seed in
                var generator = SeededRandom(seed: seed)
                let raw = HostileText.random(using: &generator, maximumPieces: 30)
                for field in fields {
                    let (uri, method, json) = field.request(raw, seed)
                    // What the field holds (a help tag's name carries a prefix, so that names stay unique).
                    let sent = (json?[field.rule.field] as? String) ?? raw
                    let body = try json.map { ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: $0)) }
                    let response = try await client.send(uri, method, body)
                    let answer = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)))
                        as? [String: Any]
                    if (body?.readableBytes ?? 0) > HabitsServer.RequestBody.maximumJSON {
                        #expect(response.status == .contentTooLarge, "seed \(seed) \(uri)")
                        continue
                    }
                    switch Result(catching: { () throws(HabitsError) in try field.check(sent) }) {
                    case .success(let kept):
                        verdicts.accepted += 1
                        let what = "seed \(seed) \(uri) \(field.rule.field)"
                        #expect(response.status.code / 100 == 2, "\(what): \(answer ?? [:])")
                        if let stored = field.stored, let answer {
                            #expect(stored(answer) == kept, "seed \(seed) \(uri) \(field.rule.field)")
                        }
                    case .failure:
                        verdicts.refused += 1
                        #expect(response.status == .unprocessableContent, "seed \(seed) \(uri) \(field.rule.field)")
                        let error = answer?["error"] as? [String: Any]
                        #expect(error?["code"] as? String == "invalid", "seed \(seed)")
                        let message = error?["message"] as? String ?? ""
                        #expect(message.hasPrefix("\(field.rule.field): "), "seed \(seed): \(message)")
                    }
                }
            }
            #expect(verdicts.accepted > 50 && verdicts.refused > 50, "\(verdicts)")
        }
    }
}
