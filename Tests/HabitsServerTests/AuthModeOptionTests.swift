import Foundation
import HabitsServer
import Testing

@testable import habits

/// `--auth`: open for the loopback demo, accounts elsewhere, and open never beyond loopback.
@Suite struct AuthModeOptionTests {
    func settings(host: String, demo: Bool, auth: String?) throws -> ServeSettings {
        try ServeSettings(
            host: host, port: 0, database: NSTemporaryDirectory() + "habits-auth.sqlite", demo: demo, auth: auth,
            activeUserID: "activeUser", logLevel: "info")
    }

    @Test func theDefaultIsOpenForTheLoopbackDemoOnly() throws {
        #expect(try settings(host: "127.0.0.1", demo: true, auth: nil).authMode == .open)
        #expect(try settings(host: "localhost", demo: true, auth: nil).authMode == .open)
        #expect(try settings(host: "::1", demo: true, auth: nil).authMode == .open)
        #expect(try settings(host: "127.0.0.1", demo: false, auth: nil).authMode == .accounts)
        #expect(try settings(host: "0.0.0.0", demo: true, auth: nil).authMode == .accounts)
        #expect(try settings(host: "192.168.1.20", demo: false, auth: "ACCOUNTS").authMode == .accounts)
    }

    @Test(arguments: ["0.0.0.0", "::", "192.168.1.20", "habits.example.org", "127.0.0.1.example"])
    func openModeNeverListensBeyondLoopback(host: String) throws {
        let error = try #require(throws: (any Error).self) { try settings(host: host, demo: true, auth: "open") }
        #expect("\(error)".contains("--auth open"))
        #expect(!"\(error)".contains("\n"))
    }

    @Test func anUnknownModeIsRefused() throws {
        let error = try #require(throws: (any Error).self) {
            try settings(host: "127.0.0.1", demo: false, auth: "none")
        }
        #expect("\(error)".contains("open or accounts"))
    }
}
