/// The end-of-central-directory record (APPNOTE 4.3.16): where the central directory is and how many entries it
/// lists.
struct EndOfCentralDirectory {
    /// The record's signature, "PK\u{5}\u{6}".
    static let signature: UInt32 = 0x0605_4B50
    /// The record's size without its comment.
    static let fixedSize = 22

    /// How many entries the central directory lists.
    let entryCount: Int
    /// The central directory's size in bytes.
    let directorySize: Int
    /// Where the central directory starts.
    let directoryOffset: Int

    /// Finds the record by searching back from the end over a comment of up to 65,535 bytes.
    ///
    /// A candidate counts only if its comment length reaches exactly to the end, so a comment that happens to
    /// contain the signature does not mislead the search; failing that, the last candidate whose comment fits is
    /// taken, since some writers append bytes after the record.
    init(locatingIn bytes: [UInt8]) throws(ZipError) {
        guard bytes.count >= Self.fixedSize else { throw .notAZip }
        let lowest = max(0, bytes.count - Self.fixedSize - Int(UInt16.max))
        var fallback: Int?
        var found: Int?
        for start in stride(from: bytes.count - Self.fixedSize, through: lowest, by: -1) {
            guard bytes[start] == 0x50, bytes[start + 1] == 0x4B, bytes[start + 2] == 5, bytes[start + 3] == 6
            else { continue }
            let commentLength = Int(bytes[start + 20]) | Int(bytes[start + 21]) << 8
            let end = start + Self.fixedSize + commentLength
            if end == bytes.count {
                found = start
                break
            }
            if end < bytes.count, fallback == nil { fallback = start }
        }
        guard let start = found ?? fallback else { throw .notAZip }
        var reader = ByteReader(bytes, offset: start + 4)
        let disk = try reader.readUInt16()
        let directoryDisk = try reader.readUInt16()
        let entriesOnDisk = try reader.readUInt16()
        let entryCount = try reader.readUInt16()
        let directorySize = try reader.readUInt32()
        let directoryOffset = try reader.readUInt32()
        // A Zip64 locator sits just before the record; all-ones offsets also defer to Zip64 records. An all-ones
        // entry count without a locator is a real count: an archive may hold exactly 65,535 entries.
        let hasLocator =
            start >= 20 && bytes[start - 20] == 0x50 && bytes[start - 19] == 0x4B
            && bytes[start - 18] == 6 && bytes[start - 17] == 7
        if hasLocator || directorySize == UInt32.max || directoryOffset == UInt32.max {
            throw .zip64Unsupported
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else { throw .multipleDisksUnsupported }
        guard Int(directoryOffset) <= start else { throw .truncated }
        self.entryCount = Int(entryCount)
        self.directorySize = Int(directorySize)
        self.directoryOffset = Int(directoryOffset)
    }
}
