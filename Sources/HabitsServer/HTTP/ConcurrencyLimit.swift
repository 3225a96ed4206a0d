import Foundation
import HTTPTypes
import NIOConcurrencyHelpers

/// Lets at most `maximum` operations run at once and turns away the rest with 503 and `Retry-After`,
/// so that many concurrent large uploads cannot exhaust memory.
final class ConcurrencyLimit: Sendable {
    let maximum: Int
    private let running = NIOLockedValueBox(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Runs `body` when a slot is free; throws a 503 `busy` error at once when none is.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        let admitted = running.withLockedValue { running in
            guard running < maximum else { return false }
            running += 1
            return true
        }
        guard admitted else {
            throw APIError(
                status: .serviceUnavailable,
                code: "busy",
                message: "Too many uploads at once; try again in a moment.",
                headers: [.retryAfter: "1"]
            )
        }
        defer { running.withLockedValue { $0 -= 1 } }
        return try await body()
    }
}
