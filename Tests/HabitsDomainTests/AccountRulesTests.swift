import Foundation
import HabitsDomain
import Testing

@Suite struct AccountRulesTests {
    @Test func theCommonPasswordListHoldsTenThousandAndIsConsulted() throws {
        #expect(CommonPasswords.count == 10_000)
        #expect(CommonPasswords.contains("password"))
        #expect(CommonPasswords.contains("PassWord"))
        // Spaces around it and compatibility forms (fullwidth letters) do not make it another password.
        #expect(CommonPasswords.contains(" qwertyuiop "))
        #expect(CommonPasswords.contains("ｑｗｅｒｔｙｕｉｏｐ"))
        // Long enough, but common: refused; the message never repeats it.
        #expect(throws: HabitsError.self) { try AccountRules.newPassword("1234567890") }
        do {
            _ = try AccountRules.newPassword("qwertyuiop")
            Issue.record("a common password was accepted")
        } catch {
            #expect(!error.message.contains("qwertyuiop"))
        }
    }

    @Test func passwordsNeedTenCharactersAndAtMostAKilobyte() throws {
        #expect(throws: HabitsError.self) { try AccountRules.newPassword("short pw") }
        #expect(try AccountRules.newPassword("correct horse battery") == "correct horse battery")
        // Characters, not bytes: ten emoji are ten characters.
        #expect(try AccountRules.newPassword(String(repeating: "🏃🚲🏊🧘", count: 3)).count == 12)
        let long = String(repeating: "abcd", count: 256)
        #expect(try AccountRules.newPassword(long) == long)
        #expect(throws: HabitsError.self) { try AccountRules.newPassword(long + "b") }
        #expect(throws: HabitsError.self) { try AccountRules.givenPassword(long + "b") }
        // NFC: the same typed text, precomposed or not, is one password.
        let decomposed = "cafe\u{301} au lait!"
        #expect(try AccountRules.newPassword(decomposed) == "caf\u{E9} au lait!")
    }

    @Test func passwordsOfFewerThanFourDifferentCharactersAreRefused() throws {
        for weak in ["aaaaaaaaaa", "abababababab", "🏃🏃🏃🏃🏃🏃🏃🏃🏃🏃", "aab aab aab aab"] {
            #expect(throws: HabitsError.self, "\(weak)") { try AccountRules.newPassword(weak) }
        }
        #expect(try AccountRules.newPassword("abcdabcdabcd") == "abcdabcdabcd")
    }

    @Test func usernamesFollowTheKeyRules() throws {
        #expect(try AccountRules.username(" ada.l ") == "ada.l")
        for bad in ["a", "", "..", "ada lovelace", "zoë", "a/b", String(repeating: "a", count: 101)] {
            #expect(throws: HabitsError.self, "\(bad)") { try AccountRules.username(bad) }
        }
    }

    @Test func tokenNamesAreBoundedText() throws {
        #expect(try AccountRules.tokenName("  laptop  ") == "laptop")
        #expect(throws: HabitsError.self) { try AccountRules.tokenName("   ") }
        #expect(throws: HabitsError.self) { try AccountRules.tokenName(String(repeating: "x", count: 101)) }
    }

    @Test func anAccountEncodesItsUserFieldsFlat() throws {
        let user = User(id: 7, key: "ada", name: "Ada", color: nil, bio: "hi", timeZone: "UTC", locale: "en_GB")
        let account = Account(
            user: user, username: "ada", role: .member, visibility: .private,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let data = try HabitsJSON.encoder().encode(account)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["username"] as? String == "ada")
        #expect(object["visibility"] as? String == "private")
        #expect(object["passwordHash"] == nil)
        #expect(try HabitsJSON.decoder().decode(Account.self, from: data) == account)
    }
}
