import Crypto
import Foundation

/// The secrets of sessions and tokens: 256 random bits, handed out once, stored only as SHA-256 hashes.
enum Secrets {
    /// The prefix of API tokens, so that a leaked one is recognisable (secret scanners, logs).
    static let tokenPrefix = "habits_"

    /// 32 bytes from the system's cryptographically secure generator, in URL-safe base64 (43 characters).
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(Data(bytes))
    }

    /// A new API token: the prefix and a new secret.
    static func newToken() -> String { tokenPrefix + newSecret() }

    /// What the store keeps of a secret: its SHA-256. A secret has 256 bits of entropy, so a fast hash is
    /// enough; a database leak then gives no usable session or token.
    static func hash(_ secret: String) -> Data { Data(SHA256.hash(data: Data(secret.utf8))) }

    /// Whether `text` looks like a secret this server issued (length and alphabet), before any lookup.
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
