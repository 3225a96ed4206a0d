import Foundation
import HabitsDomain
import PostgresNIO

/// Where a PostgreSQL store lives, parsed from a `postgres://user:password@host:port/database` URL.
///
/// Query parameters: `sslmode` (`disable`, the default, or `require`, which verifies the server's
/// certificate), `schema` (the schema the store's tables live in, created when missing; the default is
/// the user's `search_path`) and `pool` (the most connections the pool opens, 20 by default).
public struct PostgresStoreConfiguration: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// The schema of the store's tables; nil: the connection's `search_path`.
    public var schema: String?
    /// Whether the connection must use TLS with a verified certificate.
    public var requiresTLS: Bool
    /// The most connections the pool opens.
    public var maximumConnections: Int
    /// How long the change listener waits before listening again after losing its connection.
    public var listenerRetryDelay: Duration = .seconds(1)

    /// Parses a `postgres://` or `postgresql://` URL; throws `HabitsError.invalid` saying what is wrong.
    public init(url text: String) throws {
        func refuse(_ reason: String) -> HabitsError { .invalid(field: "database", reason: reason) }
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else { throw refuse("a PostgreSQL URL starts with postgres:// or postgresql://.") }
        guard let host = components.host, !host.isEmpty else { throw refuse("the URL names no host.") }
        guard let username = components.user, !username.isEmpty else { throw refuse("the URL names no user.") }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty, !path.contains("/") else { throw refuse("the URL names no database (…/database).") }
        if let port = components.port, !(1...65535).contains(port) { throw refuse("the port is out of range.") }
        self.host = host
        self.port = components.port ?? 5432
        self.username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? username
        self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.database = path.removingPercentEncoding ?? path
        schema = nil
        requiresTLS = false
        maximumConnections = 20
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard ["disable", "require"].contains(value) else { throw refuse("sslmode is disable or require.") }
                requiresTLS = value == "require"
            case "schema":
                guard Self.isPlainName(value) else { throw refuse("a schema name is letters, digits and _.") }
                schema = value
            case "pool":
                guard let size = Int(value), (1...500).contains(size) else { throw refuse("pool is 1…500.") }
                maximumConnections = size
            default:
                throw refuse("unknown parameter \(item.name) (sslmode, schema and pool are known).")
            }
        }
    }

    /// Whether `text` may name a schema without quoting: a letter or `_`, then letters, digits and `_`.
    static func isPlainName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.count <= 63 else { return false }
        let letters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz_")
        let rest = letters.union(CharacterSet(charactersIn: "0123456789"))
        return letters.contains(first) && text.unicodeScalars.allSatisfy { rest.contains($0) }
    }

    /// The URL without its password, for logs.
    public var redactedDescription: String {
        "postgres://\(username)@\(host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    /// The client's configuration: its pool size, TLS and, with a schema, the `search_path` it sets.
    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: requiresTLS ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.maximumConnections = maximumConnections
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }
}
