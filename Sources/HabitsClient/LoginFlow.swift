import Foundation
import HabitsDomain

/// `habits login`: sign in with the password, make a write token for this computer, end the session.
public struct LoginFlow: Sendable {
    let transport: any HTTPTransport

    public init(transport: any HTTPTransport = URLSessionTransport()) {
        self.transport = transport
    }

    /// Signs in at `server`, creates the token named `tokenName`, and signs the session out; the password
    /// goes to the server once and is kept nowhere. `previous`, this computer's earlier login, has its token
    /// revoked with the session when it is the same account's on the same server, so none is left behind.
    public func login(
        server: URL, username: String, password: String, tokenName: String, previous: LoginRecord? = nil
    ) async throws(ClientError) -> LoginRecord {
        let anonymous = APIClient(server: server, token: nil, transport: transport)
        let signedIn = try await anonymous.send(
            .json("POST", Routes.signIn.path(), SignInRequest(username: username, password: password)))
        guard let cookie = Self.sessionCookie(signedIn.header("Set-Cookie")) else {
            throw .unexpectedAnswer("signing in set no session cookie")
        }
        let account = try HabitsClientJSON.decode(Account.self, from: signedIn.body)
        let issued: IssuedToken
        do {
            let request = TokenRequest(name: tokenName, scope: .write)
            issued = try await anonymous.decode(
                IssuedToken.self, .json("POST", Routes.meTokens.path(), request, cookie: cookie))
        } catch {
            try? await signOut(anonymous, cookie: cookie)
            throw error
        }
        if let previous, previous.server == server.absoluteString,
            previous.username.lowercased() == account.username.lowercased(), previous.tokenID != issued.id
        {
            _ = try? await anonymous.send(APIRequest("DELETE", Routes.meToken.path(previous.tokenID), cookie: cookie))
        }
        // The token is what the client keeps; the session would only linger in the account's list.
        try? await signOut(anonymous, cookie: cookie)
        return LoginRecord(
            server: server.absoluteString, token: issued.token, tokenID: issued.id, username: account.username)
    }

    func signOut(_ client: APIClient, cookie: String) async throws(ClientError) {
        _ = try await client.send(APIRequest("POST", Routes.signOut.path(), cookie: cookie))
    }

    /// `habits_session=…` out of a `Set-Cookie` header (several may be joined with commas).
    static func sessionCookie(_ header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pair = part.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            if pair.hasPrefix("habits_session="), pair.count > "habits_session=".count { return pair }
        }
        return nil
    }

    /// "habits on <host name>", within the 100 characters a token's name may have.
    public static func tokenName(host: String) -> String {
        String("habits on \(host.isEmpty ? "this computer" : host)".prefix(100))
    }
}
