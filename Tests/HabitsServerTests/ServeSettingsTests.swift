import Foundation
import HabitsTestSupport
import Testing
@testable import habits

/// `habits serve` refuses every bad option before anything starts, with one line (exit status 64: the
/// executable's part is in `ServeProcessTests`).
@Suite struct ServeSettingsTests {
    /// Settings that start: a free port on loopback, a database in a folder that exists.
    static func settings(
        host: String = "127.0.0.1", port: Int = 0, database: String? = nil, logLevel: String = "info",
        activeUserID: String = "activeUser", readTimeout: Double = 30, fixedTime: Date? = nil
    ) throws -> ServeSettings {
        try ServeSettings(
            host: host, port: port, database: database ?? NSTemporaryDirectory() + "habits-settings.sqlite",
            demo: false, activeUserID: activeUserID, logLevel: logLevel, readTimeout: readTimeout,
            fixedTime: fixedTime)
    }

    @Test func goodOptionsAreKept() throws {
        let settings = try Self.settings(host: "::1", port: 65_535, logLevel: "debug", readTimeout: 3_600)
        #expect(settings.host == "::1" && settings.port == 65_535 && settings.readTimeout == 3_600)
        for host in ["0.0.0.0", "localhost", "habits.example.org", "fe80::1", "my-host"] {
            #expect(throws: Never.self) { try Self.settings(host: host) }
        }
        #expect(throws: Never.self) { try Self.settings(readTimeout: 0.001) }
        #expect(throws: Never.self) { try Self.settings(fixedTime: Fixture.now) }
    }

    @Test(arguments: [0, -1, -.infinity, .infinity, .nan, 3_600.5, 1e10, 1e300, 0.0001])
    func readTimeoutsOutsideAMillisecondToAnHourAreRefused(seconds: Double) throws {
        let error = try #require(throws: (any Error).self) { try Self.settings(readTimeout: seconds) }
        #expect("\(error)".contains("read timeout"))
    }

    @Test(arguments: [-1, 65_536, Int.max, Int.min])
    func portsOutsideTheRangeAreRefused(port: Int) {
        #expect(throws: (any Error).self) { try Self.settings(port: port) }
    }

    @Test(arguments: [
        "", " ", "bad host", "host/path", "-leading.example", "trailing-.example", "a..b", "::1x", "1.2.3.4:80",
        "http://example.org", "exämple.org", String(repeating: "a", count: 64) + ".org",
    ])
    func malformedHostsAreRefused(host: String) {
        #expect(throws: (any Error).self) { try Self.settings(host: host) }
    }

    @Test(arguments: ["", "INFO", "verbose", "info\n"])
    func unknownLogLevelsAreRefused(level: String) {
        #expect(throws: (any Error).self) { try Self.settings(logLevel: level) }
    }

    @Test func databasePathsMustNameAFileInAFolderThatExists() {
        #expect(throws: (any Error).self) { try Self.settings(database: "") }
        #expect(throws: (any Error).self) { try Self.settings(database: NSTemporaryDirectory()) }
        #expect(throws: (any Error).self) { try Self.settings(database: "/no-such-folder-\(UUID())/habits.sqlite") }
    }

    @Test func fixedTimesAreInstantsFrom1970To9999() throws {
        #expect(try ServeCommand.instant("2026-03-10T15:00:00Z") == Fixture.instant("2026-03-10T15:00:00Z"))
        for text in ["March 10", "2026-03-10", "1969-12-31T23:59:59Z", ""] {
            #expect(throws: (any Error).self) { try ServeCommand.instant(text) }
        }
        #expect(throws: (any Error).self) { try Self.settings(fixedTime: Date(timeIntervalSince1970: -1)) }
        let year10000 = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(throws: (any Error).self) { try Self.settings(fixedTime: year10000) }
    }

    @Test func theActiveUserMustBeAKey() {
        #expect(throws: (any Error).self) { try Self.settings(activeUserID: "..") }
        #expect(throws: (any Error).self) { try Self.settings(activeUserID: "a b") }
    }

    @Test func errorsStayOneLineWhateverWasPassed() throws {
        let error = try #require(throws: (any Error).self) { try Self.settings(host: "evil\nhost\u{1B}[31m") }
        let text = "\(error)"
        #expect(!text.contains("\n") && !text.contains("\u{1B}"))
    }
}
