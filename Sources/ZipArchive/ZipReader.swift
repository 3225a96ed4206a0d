import Checksum

/// Reads a zip archive held in memory: its central directory at once, each entry's contents on demand.
///
/// Entries may be stored (method 0) or deflated (method 8, inflated by zlib and never past the declared size);
/// each is checked against its CRC-32 and its declared size. Zip64 archives, encrypted entries and other methods
/// are refused with a `ZipError` saying so. Every count and size comes from the archive and is checked before
/// use, against the bytes and against `ZipLimits`.
public struct ZipReader: Sendable {
    /// The whole archive.
    private let bytes: [UInt8]
    /// The entries in central-directory order.
    public let entries: [ZipEntry]

    /// Reads the central directory of `bytes`, checking its counts and declared sizes against `limits`.
    /// - Complexity: O(n) in the size of the central directory, plus the search for its end record over at most
    ///   the last 65,557 bytes.
    public init(bytes: [UInt8], limits: ZipLimits = .init()) throws(ZipError) {
        self.bytes = bytes
        let end = try EndOfCentralDirectory(locatingIn: bytes)
        guard end.entryCount <= limits.maximumEntryCount else { throw .tooManyEntries(limit: limits.maximumEntryCount) }
        guard end.directorySize <= bytes.count - end.directoryOffset else { throw .truncated }
        // Records are read within the directory's stated bounds, so a wrong count cannot run into other data.
        var reader = ByteReader(bytes, offset: end.directoryOffset, end: end.directoryOffset + end.directorySize)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(end.entryCount)
        var totalSize = 0
        for _ in 0..<end.entryCount {
            let entry: ZipEntry
            do throws(ZipError) {
                entry = try Self.readCentralRecord(from: &reader)
            } catch {
                throw error == .truncated ? .corruptCentralDirectory : error
            }
            guard entry.uncompressedSize <= limits.maximumEntrySize else {
                throw .entryTooLarge(path: entry.path, limit: limits.maximumEntrySize)
            }
            totalSize += entry.uncompressedSize
            guard totalSize <= limits.maximumTotalSize else { throw .archiveTooLarge(limit: limits.maximumTotalSize) }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// The contents of `entry`, inflated if need be and checked against its size and CRC-32.
    /// - Complexity: O(n) in the entry's compressed and uncompressed sizes.
    public func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        guard !entry.isEncrypted else { throw .encrypted(path: entry.path) }
        guard entry.compressionMethod == 0 || entry.compressionMethod == 8 else {
            throw .unsupportedMethod(path: entry.path, method: entry.compressionMethod)
        }
        let data = try compressedData(of: entry)
        let contents: [UInt8]
        if entry.compressionMethod == 0 {
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .sizeMismatch(path: entry.path, declared: entry.uncompressedSize)
            }
            contents = Array(data)
        } else {
            do throws(InflateError) {
                contents = try ZlibInflater.inflate(data, outputLimit: entry.uncompressedSize)
            } catch {
                switch error {
                case .outputLimitExceeded: throw .sizeMismatch(path: entry.path, declared: entry.uncompressedSize)
                case .malformed(let reason): throw .badDeflateData(path: entry.path, reason: reason)
                }
            }
        }
        guard contents.count == entry.uncompressedSize else {
            throw .sizeMismatch(path: entry.path, declared: entry.uncompressedSize)
        }
        guard CRC32.checksum(contents) == entry.crc32 else { throw .crcMismatch(path: entry.path) }
        return contents
    }

    /// The contents of the first entry named `path`, or nil when the archive has none.
    /// - Complexity: O(e + n) for e entries and the entry's size.
    public func contents(ofPath path: String) throws(ZipError) -> [UInt8]? {
        guard let entry = entries.first(where: { $0.path == path }) else { return nil }
        return try contents(of: entry)
    }

    /// The entry's data as stored, located through its local header, whose name and extra lengths may differ from
    /// the central record's.
    private func compressedData(of entry: ZipEntry) throws(ZipError) -> ArraySlice<UInt8> {
        var reader = ByteReader(bytes, offset: entry.localHeaderOffset)
        guard try reader.readUInt32() == 0x0403_4B50 else { throw .corruptHeader(path: entry.path) }
        try reader.skip(22)
        let nameLength = Int(try reader.readUInt16())
        let extraLength = Int(try reader.readUInt16())
        try reader.skip(nameLength + extraLength)
        // Sizes come from the central directory: with a data descriptor (flag bit 3) the local ones are zero.
        return try reader.readBytes(entry.compressedSize)
    }

    /// Reads one central-directory record (APPNOTE 4.3.12) into an entry.
    private static func readCentralRecord(from reader: inout ByteReader) throws(ZipError) -> ZipEntry {
        guard try reader.readUInt32() == 0x0201_4B50 else { throw .corruptCentralDirectory }
        try reader.skip(4)  // version made by, version needed
        let flags = try reader.readUInt16()
        let method = try reader.readUInt16()
        let time = try reader.readUInt16()
        let date = try reader.readUInt16()
        let crc = try reader.readUInt32()
        let compressedSize = try reader.readUInt32()
        let uncompressedSize = try reader.readUInt32()
        let nameLength = Int(try reader.readUInt16())
        let extraLength = Int(try reader.readUInt16())
        let commentLength = Int(try reader.readUInt16())
        try reader.skip(8)  // disk number start, internal and external attributes
        let localHeaderOffset = try reader.readUInt32()
        let nameBytes = try reader.readBytes(nameLength)
        try reader.skip(extraLength + commentLength)
        // Bit 11 marks UTF-8 names; otherwise the name is CP437, read as Latin-1 which agrees on ASCII.
        let path =
            flags & 1 << 11 != 0
            ? String(decoding: nameBytes, as: UTF8.self)
            : String(nameBytes.map { Character(Unicode.Scalar($0)) })
        // All-ones fields mean the real value sits in a Zip64 extra field.
        guard compressedSize != UInt32.max, uncompressedSize != UInt32.max, localHeaderOffset != UInt32.max else {
            throw .zip64Unsupported
        }
        return ZipEntry(
            path: path,
            uncompressedSize: Int(uncompressedSize),
            compressedSize: Int(compressedSize),
            isDirectory: path.hasSuffix("/"),
            compressionMethod: method,
            crc32: crc,
            // Bit 0: traditional encryption; bit 6: strong encryption.
            isEncrypted: flags & 0b100_0001 != 0,
            modified: DOSDateTime(time: time, date: date).instant,
            localHeaderOffset: Int(localHeaderOffset)
        )
    }
}
