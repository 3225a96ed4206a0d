/// The most a `ZipReader` accepts, so a hostile archive cannot exhaust memory.
public struct ZipLimits: Hashable, Sendable {
    /// The most entries the central directory may list.
    public var maximumEntryCount: Int
    /// The most bytes one entry may declare (uncompressed).
    public var maximumEntrySize: Int
    /// The most bytes all entries may declare together (uncompressed).
    public var maximumTotalSize: Int

    /// Limits of 10,000 entries, 64 MiB per entry and 256 MiB in all, unless given.
    public init(
        maximumEntryCount: Int = 10_000,
        maximumEntrySize: Int = 64 << 20,
        maximumTotalSize: Int = 256 << 20
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
    }
}
