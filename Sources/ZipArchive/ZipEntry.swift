import Foundation

/// One entry of an archive, as its central-directory record describes it.
public struct ZipEntry: Hashable, Sendable {
    /// The entry's name: UTF-8 when flag bit 11 is set, otherwise each byte read as Latin-1.
    public var path: String
    /// The size of the entry's contents.
    public var uncompressedSize: Int
    /// The size of the entry's stored data.
    public var compressedSize: Int
    /// Whether the entry is a directory (its name ends with a slash).
    public var isDirectory: Bool
    /// The compression method: 0 stored, 8 deflate; others cannot be read.
    public var compressionMethod: UInt16
    /// The CRC-32 of the contents.
    public var crc32: UInt32
    /// Whether the entry is encrypted (flag bit 0); such entries cannot be read.
    public var isEncrypted: Bool
    /// The modification time in the DOS fields, read as UTC; nil when the fields hold no valid date.
    public var modified: Date?
    /// Where the entry's local header starts in the archive.
    var localHeaderOffset: Int
}
