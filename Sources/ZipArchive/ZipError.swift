/// Why an archive, or one of its entries, could not be read.
public enum ZipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No end-of-central-directory record: the bytes are not a zip archive.
    case notAZip
    /// A record or an entry's data runs past the end of the bytes.
    case truncated
    /// The archive needs Zip64 extensions, which this reader does not implement.
    case zip64Unsupported
    /// The archive is split over several disks (files).
    case multipleDisksUnsupported
    /// The central directory's records do not match its end record.
    case corruptCentralDirectory
    /// The local header of the named entry is malformed.
    case corruptHeader(path: String)
    /// The named entry uses a compression method other than stored (0) or deflate (8).
    case unsupportedMethod(path: String, method: UInt16)
    /// The named entry is encrypted.
    case encrypted(path: String)
    /// The named entry's data does not match its CRC-32.
    case crcMismatch(path: String)
    /// The named entry's data is longer or shorter than its central-directory record declares.
    case sizeMismatch(path: String, declared: Int)
    /// The named entry declares more bytes than the limits allow.
    case entryTooLarge(path: String, limit: Int)
    /// The entries together declare more bytes than the limits allow.
    case archiveTooLarge(limit: Int)
    /// The archive has more entries than the limits allow.
    case tooManyEntries(limit: Int)
    /// The named entry's deflate stream is malformed.
    case badDeflateData(path: String, reason: String)

    /// An English sentence saying what went wrong.
    public var description: String {
        switch self {
        case .notAZip:
            "The file is not a zip archive."
        case .truncated:
            "The zip archive is truncated."
        case .zip64Unsupported:
            "The zip archive uses Zip64 extensions, which are not supported."
        case .multipleDisksUnsupported:
            "The zip archive is split over several files, which is not supported."
        case .corruptCentralDirectory:
            "The zip archive's central directory is corrupt."
        case .corruptHeader(let path):
            "The zip archive's header for \"\(path)\" is corrupt."
        case .unsupportedMethod(let path, let method):
            "\"\(path)\" is compressed with \(Self.methodName(method)), which is not supported."
        case .encrypted(let path):
            "\"\(path)\" is encrypted, which is not supported."
        case .crcMismatch(let path):
            "\"\(path)\" is damaged: its CRC-32 checksum does not match."
        case .sizeMismatch(let path, let declared):
            "\"\(path)\" is damaged: its data does not have the \(declared) bytes it declares."
        case .entryTooLarge(let path, let limit):
            "\"\(path)\" is too large: entries may hold at most \(limit) bytes."
        case .archiveTooLarge(let limit):
            "The zip archive is too large: its entries may hold at most \(limit) bytes together."
        case .tooManyEntries(let limit):
            "The zip archive has too many entries: at most \(limit) are allowed."
        case .badDeflateData(let path, let reason):
            "\"\(path)\" has bad deflate data: \(reason)."
        }
    }

    /// The APPNOTE name of a compression method, so messages say more than a number.
    static func methodName(_ method: UInt16) -> String {
        let names: [UInt16: String] = [
            1: "Shrink", 2: "Reduce", 3: "Reduce", 4: "Reduce", 5: "Reduce", 6: "Implode", 9: "Deflate64",
            10: "PKWARE DCL Implode", 12: "BZIP2", 14: "LZMA", 18: "IBM TERSE", 19: "IBM LZ77",
            20: "Zstandard", 93: "Zstandard", 94: "MP3", 95: "XZ", 96: "JPEG", 97: "WavPack", 98: "PPMd",
            99: "AE-x encryption",
        ]
        return "method \(method) (\(names[method] ?? "unknown"))"
    }
}
