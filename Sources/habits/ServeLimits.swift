import ArgumentParser

/// The bounds of what clients can make the server hold, checked when the server starts: for now the
/// screen cache's bytes.
struct ServeLimits {
    /// The most megabytes the screen cache may be given: 1 TiB.
    static let largestScreenCache = 1 << 20

    var screenCacheMegabytes: Int

    /// The limits, each a positive whole number.
    init(screenCacheMegabytes: Int = 256) throws {
        try Self.check(screenCacheMegabytes, "--screen-cache-mb", upTo: Self.largestScreenCache)
        self.screenCacheMegabytes = screenCacheMegabytes
    }

    private static func check(_ value: Int, _ option: String, upTo largest: Int) throws {
        guard (1...largest).contains(value) else {
            throw ValidationError("\(option) must be a whole number from 1 to \(largest), got \(value).")
        }
    }
}
