import Checksum
import Foundation

/// Writes a zip archive of stored (uncompressed) entries one entry at a time, so it can be streamed.
///
/// Each entry's local header carries its CRC-32 and sizes, so no data descriptors follow the data; names are UTF-8
/// (general purpose flag bit 11) and times are DOS fields in UTC.
///
/// Limits: without Zip64 an archive holds at most 65,535 entries and every offset and size must fit in 32 bits
/// (4 GiB). `add` never traps on these: an entry that would break a limit (or whose name has more than 65,535
/// UTF-8 bytes) is left out, `add` returns no bytes for it, and `omittedPaths` lists it. The archive written
/// stays valid either way; callers that stay under the limits never see an omission.
public struct ZipWriter: Sendable {
    /// The most entries an archive without Zip64 can list.
    public static let maximumEntryCount = 65_535
    /// The most bytes an archive without Zip64 can address: every offset and size is a 32-bit field.
    public static let maximumArchiveSize = Int(UInt32.max)

    /// The central-directory records of the entries written so far.
    private var centralDirectory: [UInt8] = []
    /// How many entries were written.
    private var entryCount = 0
    /// How many bytes were handed out so far: the next local header's offset.
    private var offset = 0
    /// The paths `add` left out because they would have broken a limit, in the order given.
    public private(set) var omittedPaths: [String] = []

    /// An archive with no entries yet.
    public init() {}

    /// The bytes of one entry (local header + data) to send now.
    ///
    /// A path ending in "/" makes a directory entry (give it no contents). Returns no bytes, and records the path
    /// in `omittedPaths`, when the entry would break the limits the type documents.
    /// - Complexity: O(n) in the size of `contents`, for the CRC-32 and the copy.
    public mutating func add(path: String, contents: [UInt8], modified: Date) -> [UInt8] {
        let name = Array(path.utf8)
        let localSize = 30 + name.count + contents.count
        let centralSize = 46 + name.count
        guard entryCount < Self.maximumEntryCount, name.count <= Int(UInt16.max),
            contents.count <= Self.maximumArchiveSize,
            // The central directory must start at a 32-bit offset and end within 32 bits too.
            localSize <= Self.maximumArchiveSize - offset,
            centralDirectory.count + centralSize + 22 <= Self.maximumArchiveSize - offset - localSize
        else {
            omittedPaths.append(path)
            return []
        }
        let isDirectory = path.hasSuffix("/")
        let header = EntryHeader(
            name: name,
            crc: CRC32.checksum(contents),
            size: UInt32(truncatingIfNeeded: contents.count),
            dateTime: DOSDateTime(modified)
        )
        var local: [UInt8] = []
        local.reserveCapacity(localSize)
        header.appendLocal(to: &local)
        local.append(contentsOf: contents)
        header.appendCentral(to: &centralDirectory, localHeaderOffset: offset, isDirectory: isDirectory)
        offset += local.count
        entryCount += 1
        return local
    }

    /// The central directory and its end record: the last bytes of the archive.
    /// - Complexity: O(n) in the size of the central directory.
    public func finish() -> [UInt8] {
        var bytes = centralDirectory
        bytes.appendLittleEndian(UInt32(0x0605_4B50))
        bytes.appendLittleEndian(UInt16(0))  // this disk
        bytes.appendLittleEndian(UInt16(0))  // the disk where the central directory starts
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: entryCount))
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: entryCount))
        bytes.appendLittleEndian(UInt32(truncatingIfNeeded: centralDirectory.count))
        bytes.appendLittleEndian(UInt32(truncatingIfNeeded: offset))
        bytes.appendLittleEndian(UInt16(0))  // comment length
        return bytes
    }
}

/// The fields the local and central headers of a stored entry share.
private struct EntryHeader {
    /// Version 2.0: the first that knows directories and the UTF-8 flag readers look for.
    static let versionNeeded: UInt16 = 20
    /// Bit 11: the name is UTF-8.
    static let flags: UInt16 = 1 << 11

    let name: [UInt8]
    let crc: UInt32
    let size: UInt32
    let dateTime: DOSDateTime

    /// Appends the fields from "version needed" to "extra field length", which both headers carry alike.
    private func appendCommonFields(to bytes: inout [UInt8]) {
        bytes.appendLittleEndian(Self.versionNeeded)
        bytes.appendLittleEndian(Self.flags)
        bytes.appendLittleEndian(UInt16(0))  // method: stored
        bytes.appendLittleEndian(dateTime.time)
        bytes.appendLittleEndian(dateTime.date)
        bytes.appendLittleEndian(crc)
        bytes.appendLittleEndian(size)  // compressed size equals the size when stored
        bytes.appendLittleEndian(size)
        bytes.appendLittleEndian(UInt16(truncatingIfNeeded: name.count))
        bytes.appendLittleEndian(UInt16(0))  // extra field length
    }

    /// Appends the local file header, name included.
    func appendLocal(to bytes: inout [UInt8]) {
        bytes.appendLittleEndian(UInt32(0x0403_4B50))
        appendCommonFields(to: &bytes)
        bytes.append(contentsOf: name)
    }

    /// Appends the central-directory record, name included.
    func appendCentral(to bytes: inout [UInt8], localHeaderOffset: Int, isDirectory: Bool) {
        bytes.appendLittleEndian(UInt32(0x0201_4B50))
        // Made by Unix (3) so the external attributes below are read as permissions.
        bytes.appendLittleEndian(UInt16(3 << 8) | Self.versionNeeded)
        appendCommonFields(to: &bytes)
        bytes.appendLittleEndian(UInt16(0))  // comment length
        bytes.appendLittleEndian(UInt16(0))  // disk number start
        bytes.appendLittleEndian(UInt16(0))  // internal attributes
        // Unix mode in the high half (rw-r--r-- files, rwxr-xr-x directories); bit 4 is the DOS directory bit.
        let attributes: UInt32 = isDirectory ? 0o040755 << 16 | 0x10 : 0o100644 << 16
        bytes.appendLittleEndian(attributes)
        bytes.appendLittleEndian(UInt32(truncatingIfNeeded: localHeaderOffset))
        bytes.append(contentsOf: name)
    }
}
