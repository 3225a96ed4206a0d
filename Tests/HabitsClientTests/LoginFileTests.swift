import Foundation
import Testing

@testable import HabitsClient

@Suite("Stored login and credentials")
struct LoginFileTests {
    let record = LoginRecord(server: "http://127.0.0.1:8080", token: "habits_secret", tokenID: 7, username: "ada")

    @Test("The file is under XDG_CONFIG_HOME, else ~/.config")
    func location() {
        #expect(
            LoginFile.standard(environment: ["XDG_CONFIG_HOME": "/x/conf"], home: "/home/ada").url.path
                == "/x/conf/habits/login.json")
        #expect(
            LoginFile.standard(environment: [:], home: "/home/ada").url.path == "/home/ada/.config/habits/login.json")
        // A relative XDG_CONFIG_HOME is ignored, as the specification says.
        #expect(
            LoginFile.standard(environment: ["XDG_CONFIG_HOME": "conf"], home: "/home/ada").url.path
                == "/home/ada/.config/habits/login.json")
    }

    @Test("Written with mode 0600 in a folder of mode 0700, read back, deleted")
    func permissions() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("habits-login-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = LoginFile.standard(environment: ["XDG_CONFIG_HOME": root.path], home: "/nonexistent")
        #expect(try file.read() == nil)
        try file.write(record)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(
                atPath: file.url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(try file.read() == record)
        // Writing again replaces the file and keeps its mode; no temporary file is left behind.
        var second = record
        second.tokenID = 8
        try file.write(second)
        #expect(try file.read() == second)
        #expect(try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path)
                == ["login.json"])
        #expect(try file.delete())
        #expect(try !file.delete())
    }

    @Test("A damaged file is a clear local error")
    func damaged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("habits-login-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let url = root.appendingPathComponent("login.json")
        try Data("{".utf8).write(to: url)
        #expect(throws: ClientError.self) { try LoginFile(url: url).read() }
    }

    @Test("HABITS_SERVER and HABITS_TOKEN override the stored login")
    func environmentOverrides() throws {
        let stored = try ClientCredentials.resolve(environment: [:], stored: record)
        #expect(stored == ClientCredentials(server: URL(string: "http://127.0.0.1:8080")!, token: "habits_secret"))
        let both = try ClientCredentials.resolve(
            environment: ["HABITS_SERVER": "https://h.example/", "HABITS_TOKEN": "habits_other"], stored: record)
        #expect(both == ClientCredentials(server: URL(string: "https://h.example")!, token: "habits_other"))
        let tokenOnly = try ClientCredentials.resolve(environment: ["HABITS_TOKEN": "habits_other"], stored: record)
        #expect(tokenOnly.server == stored.server && tokenOnly.token == "habits_other")
        let sameServer = try ClientCredentials.resolve(
            environment: ["HABITS_SERVER": "http://127.0.0.1:8080"], stored: record)
        #expect(sameServer == stored)
    }

    @Test("The stored token is never sent to another server; nothing stored means not signed in")
    func refusals() {
        #expect(throws: ClientError.notSignedIn) { try ClientCredentials.resolve(environment: [:], stored: nil) }
        #expect(throws: ClientError.self) {
            try ClientCredentials.resolve(environment: ["HABITS_SERVER": "https://elsewhere.example"], stored: record)
        }
        #expect(throws: ClientError.self) {
            try ClientCredentials.resolve(environment: ["HABITS_TOKEN": "t"], stored: nil)
        }
        #expect(throws: ClientError.self) {
            try ClientCredentials.resolve(environment: ["HABITS_SERVER": "ftp://x", "HABITS_TOKEN": "t"], stored: nil)
        }
    }

    @Test("Server addresses: http or https with a host")
    func serverAddresses() throws {
        #expect(try ServerAddress.parse("https://habits.example.org/").absoluteString == "https://habits.example.org")
        #expect(try ServerAddress.parse("http://127.0.0.1:8080").absoluteString == "http://127.0.0.1:8080")
        for bad in ["habits.example.org", "ftp://x", "https://", "http://h/?q=1", ""] {
            #expect(throws: ClientError.self, "\(bad)") { try ServerAddress.parse(bad) }
        }
    }
}
