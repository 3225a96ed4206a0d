import ArgumentParser
import Foundation
import HabitsDomain
import HabitsServer
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `habits serve` accepts for each of its options. Every check throws a `ValidationError` of one
/// line, which the command prints before exiting with status 64 (EX_USAGE).
enum ServeOptionRules {
    /// The longest read timeout, in seconds: longer ones would only hold connections open.
    static let maximumReadTimeout: Double = 3_600
    /// The shortest read timeout, in seconds (one millisecond: the timer's resolution).
    static let minimumReadTimeout: Double = 0.001
    /// The instants `--fixed-time` may stop the clock at.
    static let fixedTimeRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z

    /// The auth mode `--auth` names; without one, open for the demo on a loopback address (the README's
    /// first command shows everything at once), accounts everywhere else. Open mode never listens beyond
    /// loopback: anyone who reaches it could act as anyone.
    static func authMode(_ text: String?, host: String, demo: Bool) throws -> AuthMode {
        let loopback = isLoopback(host)
        guard let text else { return demo && loopback ? .open : .accounts }
        guard let mode = AuthMode(rawValue: text.lowercased()) else {
            throw ValidationError("--auth must be open or accounts, got \"\(quoted(text))\".")
        }
        if mode == .open && !loopback {
            throw ValidationError(
                "--auth open lets anyone act as anyone, so it listens on a loopback address only "
                    + "(127.0.0.1, ::1, localhost), not \(quoted(host)); use --auth accounts.")
        }
        return mode
    }

    /// Whether `host` is this machine only: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// A port, 0 (any free one) to 65535.
    static func port(_ port: Int) throws -> Int {
        guard (0...65_535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, got \(port).")
        }
        return port
    }

    /// An IPv4 or IPv6 address, or a DNS host name (letters, digits and hyphens in dot-separated labels).
    static func host(_ host: String) throws -> String {
        guard isIPAddress(host) || isHostName(host) else {
            throw ValidationError(
                "The host must be an IP address such as 127.0.0.1 or ::1, or a host name, got \"\(quoted(host))\".")
        }
        return host
    }

    /// A log level swift-log knows.
    static func logLevel(_ text: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: text) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("The log level must be one of \(names), got \"\(quoted(text))\".")
        }
        return level
    }

    /// A read timeout in seconds: a finite number from 0.001 to 3600.
    static func readTimeout(_ seconds: Double) throws -> Double {
        guard seconds.isFinite, seconds >= minimumReadTimeout, seconds <= maximumReadTimeout else {
            throw ValidationError(
                "The read timeout must be a number of seconds from \(minimumReadTimeout) to "
                    + "\(Int(maximumReadTimeout)), got \(seconds).")
        }
        return seconds
    }

    /// A database path whose folder exists and which is not itself a folder.
    static func database(_ path: String) throws -> String {
        guard !path.isEmpty, !path.contains("\0") else {
            throw ValidationError("The database path must not be empty.")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("The database path \"\(quoted(path))\" is a folder; name a file in it.")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("The database's folder \"\(quoted(folder))\" does not exist.")
        }
        return path
    }

    /// An instant in 1970…9999 for `--fixed-time`.
    static func fixedTime(_ date: Date, text: String) throws -> Date {
        guard fixedTimeRange.contains(date) else {
            throw ValidationError("The fixed time must be from 1970 to 9999, got \"\(quoted(text))\".")
        }
        return date
    }

    /// Whether `text` is an IPv4 or IPv6 address literal.
    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// Whether `text` is a DNS host name: at most 253 bytes of dot-separated labels of 1 to 63 ASCII
    /// letters, digits and hyphens, none starting or ending with a hyphen.
    static func isHostName(_ text: String) -> Bool {
        guard (1...253).contains(text.utf8.count) else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || ("0"..."9").contains($0) || $0 == "-" }
        }
    }

    /// `text` cut to 80 characters with its line breaks and control characters escaped, so that the
    /// error stays one readable line whatever was passed.
    static func quoted(_ text: String) -> String {
        String(text.prefix(80).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined())
    }
}
