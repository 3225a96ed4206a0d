import ArgumentParser
import Foundation
import HabitsClient

/// `habits login`: signs in once and keeps a write token for this computer.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to a Habits server and keep a token for this computer.",
        discussion: """
            Asks for the password without echo; from a pipe it reads the username (unless given) and the \
            password one line each. The token is kept in $XDG_CONFIG_HOME/habits/login.json \
            (~/.config/habits/login.json), readable by you only.
            """
    )

    @Option(help: ArgumentHelp("The server's address.", valueName: "url"))
    var server: String

    @Option(help: "Your username (asked when not given).")
    var username: String?

    func validate() throws {
        do {
            _ = try ServerAddress.parse(server)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let address = try ServerAddress.parse(server)
            guard let name = username ?? TerminalInput.line(prompt: "Username: "), !name.isEmpty else {
                throw .usage("no username given")
            }
            let password = try TerminalInput.secret(prompt: "Password: ")
            let file = LoginFile.current
            let previous = try? file.read()
            let record = try await LoginFlow().login(
                server: address, username: name, password: password,
                tokenName: LoginFlow.tokenName(host: LocalHost.name), previous: previous)
            try file.write(record)
            ClientCommandRunner.output("Signed in to \(record.server) as \(record.username).")
        }
    }
}

/// `habits logout`: revokes the token and forgets it.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Revoke this computer's token and delete the stored login."
    )

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let file = LoginFile.current
            guard let record = try file.read() else {
                ClientCommandRunner.output("Not signed in.")
                return
            }
            var failure: ClientError?
            do throws(ClientError) {
                let api = HabitsAPI(
                    client: APIClient(server: try ServerAddress.parse(record.server), token: record.token))
                try await api.revokeToken(id: record.tokenID)
            } catch {
                failure = error
            }
            // The file goes whatever the server said: this computer signs out either way.
            try file.delete()
            switch failure {
            case nil:
                ClientCommandRunner.output("Signed out of \(record.server); the token is revoked.")
            case .refused(401, _, _):
                ClientCommandRunner.output("Signed out of \(record.server); the token had been revoked already.")
            case let error?:
                throw .local(
                    "signed out here, but the token could not be revoked (\(error.message)); "
                        + "revoke token \(record.tokenID) on the account page")
            }
        }
    }
}
