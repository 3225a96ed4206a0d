import Foundation

/// A write's answer, kept so that a retry with the same `Idempotency-Key` gets it again.
public struct StoredResponse: Hashable, Sendable {
    public var status: Int
    public var contentType: String?
    public var location: String?
    public var body: Data

    public init(status: Int, contentType: String?, location: String?, body: Data) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}

/// What a store says when a keyed write begins.
public enum IdempotentStart: Hashable, Sendable {
    /// The key is new (or its earlier request failed): run the write, then finish or abandon the key.
    case started
    /// The same request ran before: send its answer again, write nothing.
    case replay(StoredResponse)
    /// The key was used with another request (method, path or body).
    case mismatch
    /// The same key's first request is still running.
    case inProgress
}

/// `Idempotency-Key`s and the answers they keep, in the database, so that every instance sees them.
public protocol IdempotencyStore: Sendable {
    /// Claims `key` for `scope` (the asking account, or the open mode) with the request's `fingerprint`, or
    /// says why not. Keys older than `IdempotencyRules.lifetime` are forgotten; a claim left unfinished for
    /// `IdempotencyRules.abandonedAfter` (its instance died) may be taken over.
    func beginIdempotentRequest(scope: IdempotencyScope, key: String, fingerprint: Data, now: Date) async throws
        -> IdempotentStart
    /// Keeps the answer of the request that claimed `key`.
    func finishIdempotentRequest(scope: IdempotencyScope, key: String, response: StoredResponse) async throws
    /// Lets go of `key` after its request failed, so that a retry runs it again.
    func abandonIdempotentRequest(scope: IdempotencyScope, key: String) async throws
}

/// Whose keys: an account's own, or the open mode's, which everyone shares (anyone acts as anyone there).
public enum IdempotencyScope: Hashable, Sendable {
    case account(userID: Int64)
    case open

    /// The scope as stored: `u42` or `open`.
    public var storedText: String {
        switch self {
        case .account(let userID): "u\(userID)"
        case .open: "open"
        }
    }

    /// The account whose deletion removes the keys, nil for the open mode.
    public var userID: Int64? {
        if case .account(let userID) = self { return userID }
        return nil
    }
}

/// The bounds on kept keys.
public enum IdempotencyRules {
    /// How long a key and its answer are kept.
    public static let lifetime: TimeInterval = 24 * 3_600
    /// How long an unfinished claim holds before another request may take it over.
    public static let abandonedAfter: TimeInterval = 5 * 60
    /// The most keys one scope keeps; beyond, its oldest are forgotten first.
    public static let maximumKeysPerScope = 1_000
    /// The largest answer kept; a larger one is not kept, and its key is let go.
    public static let maximumResponseBytes = 64 * 1_024
    /// The longest key accepted, in bytes.
    public static let maximumKeyLength = 255
}
