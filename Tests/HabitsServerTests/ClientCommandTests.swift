import Foundation
import Testing

/// The real `habits` client against a real `habits serve`: login, the day's commands, the environment's
/// credentials, logout, and the exit statuses scripts read.
@Suite(.serialized) struct ClientCommandTests {
    @Test(.timeLimit(.minutes(2))) func loginKeepsAPrivateTokenAndAWrongPasswordExitsOne() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }

        let wrong = try await server.client(
            ["login", "--server", server.base, "--username", "ada"], input: "nope nope nope\n")
        let refusal = try await server.call(
            "POST", "/v1/auth/signin", body: #"{"username":"ada","password":"nope nope nope"}"#)
        #expect(refusal.status == 401)
        let message = try #require(
            (try JSONSerialization.jsonObject(with: Data(refusal.text.utf8)) as? [String: [String: String]])?["error"]?[
                "message"])
        #expect(wrong.status == 1)
        #expect(wrong.errors == "habits: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: server.loginFile.path))

        try await server.login()
        let attributes = try FileManager.default.attributesOfItem(atPath: server.loginFile.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: server.loginFile.deletingLastPathComponent().path)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: server.loginFile)) as? [String: Any])
        #expect(stored["server"] as? String == server.base)
        #expect(stored["username"] as? String == "ada")
        let token = try #require(stored["token"] as? String)
        #expect(token.hasPrefix("habits_"))
        #expect(try await server.call("GET", "/v1/me", token: token).status == 200)

        // The username can be piped too, one line before the password.
        let piped = try await server.client(
            ["login", "--server", server.base], input: "ada\n\(ClientTestServer.password)\n")
        #expect(piped.status == 0, "\(piped.errors)")
        // Logging in again revoked the earlier token: one token is left, this computer's.
        #expect(try await server.call("GET", "/v1/me", token: token).status == 401)

        // Malformed options are usage errors, before anything is sent.
        let badServer = try await server.client(["login", "--server", "habits.example.org"])
        #expect(badServer.status == 64 && badServer.errors.hasPrefix("habits: "))
    }

    @Test(.timeLimit(.minutes(2))) func habitsAreAddedListedArchivedAndRestored() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        try await server.login()

        let added = try await server.client(
            ["habits", "add", "Read", "--emoji", "📚", "--schedule", "weekdays:mon,wed,fri", "--reminder", "7:30"])
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "Added 📚 Read (weekdays:mon,wed,fri).\n")
        #expect(try await server.client(["habits", "add", "Run"]).status == 0)
        let badSchedule = try await server.client(["habits", "add", "Swim", "--schedule", "hourly"])
        #expect(badSchedule.status == 64 && badSchedule.errors.contains("--schedule"), "\(badSchedule.errors)")
        let duplicate = try await server.client(["habits", "add", "read"])
        #expect(duplicate.status == 1 && duplicate.errors.hasPrefix("habits: "), "\(duplicate.errors)")

        let listed = try await server.client(["habits", "--json"])
        #expect(listed.status == 0, "\(listed.errors)")
        let items = try #require(try listed.json()["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Read", "Run"])
        #expect(items.first?["reminder"] as? String == "07:30")
        let table = try await server.client(["habits"])
        #expect(table.output.contains("📚 Read  weekdays:mon,wed,fri  07:30"), "\(table.output)")

        let archived = try await server.client(["habits", "archive", "rea"])
        #expect(archived.status == 0 && archived.output == "Archived Read.\n", "\(archived.errors)")
        #expect(try await server.client(["habits", "--archived", "--names"]).output == "Read\n")
        let unknown = try await server.client(["habits", "archive", "Read"])
        #expect(unknown.status == 64 && unknown.errors.contains("\"Read\""), "\(unknown.errors)")
        let restored = try await server.client(["habits", "restore", "READ"])
        #expect(restored.status == 0 && restored.output == "Restored Read.\n", "\(restored.errors)")
        #expect(try await server.client(["habits", "--archived", "--names"]).output == "")
    }

    @Test(.timeLimit(.minutes(2))) func aDayIsLoggedUndoneSkippedNotedAndCounted() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        try await server.login()
        #expect(try await server.client(["habits", "add", "Read", "--emoji", "📚"]).status == 0)
        #expect(try await server.client(["habits", "add", "Reflect"]).status == 0)

        let logged = try await server.client(["log", "read"])
        #expect(logged.status == 0 && logged.output == "Logged 📚 Read.\n", "\(logged.errors)")
        var today = try await todayHabit("Read", server)
        #expect(today["done"] as? Bool == true && today["logCount"] as? Int == 1)
        let table = try await server.client(["today"])
        #expect(table.status == 0 && table.output.contains("📚 Read  ✓"), "\(table.output)")

        let undone = try await server.client(["undo", "Read"])
        #expect(undone.status == 0, "\(undone.errors)")
        today = try await todayHabit("Read", server)
        #expect(today["done"] as? Bool == false && today["logCount"] as? Int == 0)
        let nothing = try await server.client(["undo", "Read"])
        #expect(nothing.status == 1 && nothing.errors.hasPrefix("habits: "), "\(nothing.errors)")

        let skipped = try await server.client(["skip", "Read"])
        #expect(skipped.status == 0, "\(skipped.errors)")
        let noted = try await server.client(["note", "Read", "Travelling 🧳"])
        #expect(noted.status == 0, "\(noted.errors)")
        today = try await todayHabit("Read", server)
        #expect(today["skipped"] as? Bool == true && today["note"] as? String == "Travelling 🧳")

        let streak = try await server.client(["streak", "Read", "--json"])
        #expect(streak.status == 0, "\(streak.errors)")
        #expect(try streak.json()["current"] as? Int == 0 && streak.json()["unit"] as? String == "days")
        let streaks = try await server.client(["streak"])
        #expect(streaks.status == 0 && streaks.output.contains("Reflect"), "\(streaks.output)")

        // Names: unknown and ambiguous ones, and times, are usage errors (64) with the reason.
        let unknown = try await server.client(["log", "Swim"])
        #expect(unknown.status == 64 && unknown.errors.hasPrefix("habits: ") && unknown.errors.contains("Swim"))
        let ambiguous = try await server.client(["log", "re"])
        #expect(ambiguous.status == 64 && ambiguous.errors.contains("Read, Reflect"), "\(ambiguous.errors)")
        let future = try await server.client(["log", "Read", "--at", "2099-01-01T08:00:00Z"])
        #expect(future.status == 64 && future.errors.contains("future"), "\(future.errors)")
        let malformed = try await server.client(["log", "Read", "--at", "25:00"])
        #expect(malformed.status == 64, "\(malformed.errors)")
        let earlier = try await server.client(["log", "Reflect", "--at", "00:00"])
        #expect(earlier.status == 0, "\(earlier.errors)")
        #expect(try await todayHabit("Reflect", server)["done"] as? Bool == true)
    }

    /// `today --json` as the server wrote it, and the habit named `name` in it.
    func todayHabit(_ name: String, _ server: ClientTestServer) async throws -> [String: Any] {
        let run = try await server.client(["today", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let habits = try #require(try run.json()["habits"] as? [[String: Any]])
        return try #require(habits.first { $0["name"] as? String == name }, "\(run.output)")
    }

    @Test(.timeLimit(.minutes(2))) func theEnvironmentOverridesTheStoredLogin() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let notSignedIn = try await server.client(["habits"])
        #expect(notSignedIn.status == 1 && notSignedIn.errors.contains("not signed in"), "\(notSignedIn.errors)")

        let cookie = try #require(
            try await server.call(
                "POST", "/v1/auth/signin", body: #"{"username":"ada","password":"\#(ClientTestServer.password)"}"#
            ).headers["Set-Cookie"]?.split(separator: ";").first.map(String.init))
        let issued = try await server.call(
            "POST", "/v1/me/tokens", body: #"{"name":"ci","scope":"write"}"#, cookie: cookie)
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(issued.text.utf8)) as? [String: Any])?["token"] as? String)
        let environment = ["HABITS_SERVER": server.base, "HABITS_TOKEN": token]
        let added = try await server.client(["habits", "add", "Stretch"], environment: environment)
        #expect(added.status == 0, "\(added.errors)")
        #expect(try await server.client(["habits", "--archived", "--names"], environment: environment).status == 0)

        let wrong = try await server.client(
            ["habits"], environment: ["HABITS_SERVER": server.base, "HABITS_TOKEN": "habits_x"])
        #expect(wrong.status == 1 && wrong.errors.hasPrefix("habits: ") && wrong.errors.contains("habits login"))

        // With a stored login, HABITS_TOKEN alone goes to the stored server, and HABITS_SERVER alone may not
        // send the stored token elsewhere.
        try await server.login()
        let tokenOnly = try await server.client(
            ["habits", "--names", "--archived"], environment: ["HABITS_TOKEN": "habits_x"])
        #expect(tokenOnly.status == 1, "the stored server was asked with the environment's token")
        let elsewhere = try await server.client(["habits"], environment: ["HABITS_SERVER": "http://127.0.0.1:1"])
        #expect(elsewhere.status == 64, "\(elsewhere.errors)")
        let unreachable = try await server.client(
            ["habits"], environment: ["HABITS_SERVER": "http://127.0.0.1:1", "HABITS_TOKEN": token])
        #expect(unreachable.status == 1 && unreachable.errors.contains("cannot reach"), "\(unreachable.errors)")
    }

    @Test(.timeLimit(.minutes(2))) func logoutRevokesTheTokenAndForgetsIt() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        try await server.login()
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: server.loginFile)) as? [String: Any]
        let token = try #require(stored?["token"] as? String)

        let logout = try await server.client(["logout"])
        #expect(logout.status == 0, "\(logout.errors)")
        #expect(!FileManager.default.fileExists(atPath: server.loginFile.path))
        #expect(try await server.call("GET", "/v1/me", token: token).status == 401)
        #expect(try await server.client(["logout"]).output == "Not signed in.\n")
    }

    @Test(.timeLimit(.minutes(1))) func logoutWithTheServerGoneStillForgetsTheLogin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-client-\(UUID().uuidString)")
        let file = folder.appendingPathComponent("config/habits/login.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"server":"http://127.0.0.1:1","token":"habits_x","tokenID":3,"username":"ada"}"#.utf8).write(
            to: file)
        let executable = try #require(ServeProcessTests.locateExecutable())
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HABITS_") }
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        let run = try await ClientRun.run(executable, ["logout"], input: "", environment: environment, in: folder)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("habits: ") && run.errors.contains("could not be revoked"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test(.timeLimit(.minutes(2))) func exportWritesAFileOnceAndImportSendsIt() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        try await server.login()
        #expect(try await server.client(["habits", "add", "Read"]).status == 0)
        #expect(try await server.client(["log", "Read"]).status == 0)
        let path = server.folder.appendingPathComponent("export.json").path
        let exported = try await server.client(["export", "--format", "json", "-o", path, "--json"])
        #expect(exported.status == 0, "\(exported.errors)")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(try exported.json()["bytes"] as? Int == size)
        #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) is [String: Any])
        let again = try await server.client(["export", "-o", path])
        #expect(again.status == 1 && again.errors.contains("--force"), "\(again.errors)")
        #expect(try await server.client(["export", "-o", path, "--force"]).status == 0)
        let zip = server.folder.appendingPathComponent("export.zip").path
        #expect(try await server.client(["export", "--format", "csv", "-o", zip]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: zip)).starts(with: [0x50, 0x4B]))

        // Into another account: bob starts from ada's export.
        _ = try await server.signUp("bob")
        try await server.login(as: "bob")
        let imported = try await server.client(["import", path, "--json"])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(try imported.json().isEmpty == false)
        #expect(imported.errors.isEmpty, "no progress bar when standard error is not a terminal")
        let broken = server.folder.appendingPathComponent("broken.json")
        try Data("{\"habits\": 3}".utf8).write(to: broken)
        let refused = try await server.client(["import", broken.path])
        #expect(refused.status == 1 && refused.errors.hasPrefix("habits: "), "\(refused.errors)")
    }

    @Test(.timeLimit(.minutes(1))) func completionScriptsKnowTheCommandsAndHabitNames() async throws {
        let executable = try #require(ServeProcessTests.locateExecutable())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for shell in ["bash", "zsh", "fish"] {
            let run = try await ClientRun.run(
                executable, ["--generate-completion-script", shell], input: "", environment: [:], in: folder)
            #expect(run.status == 0, "\(shell): \(run.errors)")
            for word in ["login", "logout", "today", "streak", "export", "import", "habits --names"] {
                #expect(run.output.contains(word), "\(shell) completion lacks \(word)")
            }
        }
    }
}
