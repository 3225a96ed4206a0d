import Foundation

/// A server's base address as the user typed it, checked and without a trailing slash.
public enum ServerAddress {
    /// The base URL for `text`: http or https, with a host, no query; a usage error otherwise.
    public static func parse(_ text: String) throws(ClientError) -> URL {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil,
            let url = components.url
        else {
            throw .usage(
                "the server must be an http or https address such as https://habits.example.org, "
                    + "not \"\(text.prefix(100))\"")
        }
        return url
    }
}
