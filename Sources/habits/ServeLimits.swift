import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bounds of what clients can make the server hold: the screen cache's bytes, event streams in total and
/// per client, and open connections; each checked when the server starts.
struct ServeLimits {
    /// The most any of the counts may be: far above what one process can serve.
    static let largest = 1_000_000
    /// The most megabytes the screen cache may be given: 1 TiB.
    static let largestScreenCache = 1 << 20
    /// Descriptors kept for the database, its journal and the server's own files.
    static let reservedDescriptors = 64

    var screenCacheMegabytes: Int
    var maximumStreams: Int
    var maximumStreamsPerClient: Int
    var maximumConnections: Int

    /// The limits, each a positive whole number; without `maximumConnections`, room for every stream and
    /// 1,000 other connections, within the process's open-file limit.
    init(
        screenCacheMegabytes: Int = 256, maximumStreams: Int = 10_000, maximumStreamsPerClient: Int = 64,
        maximumConnections: Int? = nil
    ) throws {
        try Self.check(screenCacheMegabytes, "--screen-cache-mb", upTo: Self.largestScreenCache)
        try Self.check(maximumStreams, "--max-streams", upTo: Self.largest)
        try Self.check(maximumStreamsPerClient, "--max-streams-per-client", upTo: Self.largest)
        if let maximumConnections { try Self.check(maximumConnections, "--max-connections", upTo: Self.largest) }
        self.screenCacheMegabytes = screenCacheMegabytes
        self.maximumStreams = maximumStreams
        self.maximumStreamsPerClient = maximumStreamsPerClient
        self.maximumConnections =
            maximumConnections ?? max(1, min(maximumStreams + 1_000, Self.openFileLimit - Self.reservedDescriptors))
    }

    private static func check(_ value: Int, _ option: String, upTo largest: Int) throws {
        guard (1...largest).contains(value) else {
            throw ValidationError("\(option) must be a whole number from 1 to \(largest), got \(value).")
        }
    }

    #if canImport(Glibc)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFiles = RLIMIT_NOFILE
    #endif

    /// The process's soft limit of open files (each connection takes one).
    static var openFileLimit: Int {
        var limit = rlimit()
        guard getrlimit(Self.openFiles, &limit) == 0 else { return Int.max / 2 }
        // No limit is the largest value, which clamps to Int.max.
        return Int(clamping: limit.rlim_cur)
    }
}
