import Crypto
import Foundation
import HummingbirdBcrypt
import NIOConcurrencyHelpers
import NIOPosix

/// Hashes and checks passwords with bcrypt, on NIO's thread pool so that its deliberate slowness never
/// holds an event loop or a task executor.
///
/// bcrypt reads only the first 72 bytes of its input, and passwords may have up to 1,024: each password
/// is first reduced to the URL-safe base64 of its SHA-256 (43 bytes), so every byte counts.
struct PasswordHasher: Sendable {
    /// bcrypt's cost: 2^cost rounds. 12 in production (about a quarter of a second here); tests may use
    /// less, since they do not measure it.
    let cost: UInt8

    init(cost: UInt8 = 12) {
        self.cost = cost
    }

    /// The bcrypt hash of `password` (already checked by `AccountRules`).
    func hash(_ password: String) async throws -> String {
        let input = Self.prehashed(password)
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash (an unknown username) it checks against a hash of
    /// the same cost anyway, so that both answers take the same time.
    func verify(_ password: String, hash: String?) async throws -> Bool {
        let input = Self.prehashed(password)
        let cost = cost
        let matches = try await NIOThreadPool.singleton.runIfActive {
            Bcrypt.verify(input, hash: hash ?? Self.decoys.hash(cost: cost))
        }
        return hash != nil && matches
    }

    /// Hashes of each cost that no password matches.
    private static let decoys = DecoyHashes()

    static func prehashed(_ password: String) -> String {
        Secrets.base64URL(Data(SHA256.hash(data: Data(password.utf8))))
    }
}

/// One decoy hash per cost, computed on first use.
private final class DecoyHashes: Sendable {
    private let hashes = NIOLockedValueBox<[UInt8: String]>([:])

    /// The decoy of `cost`; the first call of each cost hashes (on the calling thread-pool thread).
    func hash(cost: UInt8) -> String {
        if let known = hashes.withLockedValue({ $0[cost] }) { return known }
        let made = Bcrypt.hash(Secrets.newSecret(), cost: cost)
        return hashes.withLockedValue { hashes in
            if let known = hashes[cost] { return known }
            hashes[cost] = made
            return made
        }
    }
}
