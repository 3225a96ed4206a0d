import Checksum
import Foundation

@testable import ZipArchive

/// A small, seeded pseudo-random generator (SplitMix64), so property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// One entry for `TestArchive`, with every header field the corruption tests want to control.
struct RawEntry {
    var name: String
    var method: UInt16 = 0
    var flags: UInt16 = 1 << 11
    var crc: UInt32
    var data: [UInt8]
    var uncompressedSize: UInt32
    var compressedSize: UInt32

    /// A stored entry whose fields all agree with `contents`.
    static func stored(_ name: String, _ contents: [UInt8]) -> RawEntry {
        RawEntry(
            name: name, crc: CRC32.checksum(contents), data: contents,
            uncompressedSize: UInt32(contents.count), compressedSize: UInt32(contents.count)
        )
    }
}

/// Builds archives by hand, so tests can write fields `ZipWriter` never would.
enum TestArchive {
    /// An archive of `entries`, with `endRecordEntryCount` overriding the count the end record states.
    static func make(_ entries: [RawEntry], endRecordEntryCount: UInt16? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let offset = UInt32(bytes.count)
            for (signature, record) in [(UInt32(0x0403_4B50), 0), (0x0201_4B50, 1)] {
                var header: [UInt8] = []
                header.appendLittleEndian(signature)
                if record == 1 { header.appendLittleEndian(UInt16(20)) }
                header.appendLittleEndian(UInt16(20))
                header.appendLittleEndian(entry.flags)
                header.appendLittleEndian(entry.method)
                header.appendLittleEndian(UInt16(0))
                header.appendLittleEndian(UInt16(0x21))
                header.appendLittleEndian(entry.crc)
                header.appendLittleEndian(entry.compressedSize)
                header.appendLittleEndian(entry.uncompressedSize)
                header.appendLittleEndian(UInt16(name.count))
                header.appendLittleEndian(UInt16(0))
                if record == 1 {
                    header.append(contentsOf: [UInt8](repeating: 0, count: 10))
                    header.appendLittleEndian(offset)
                    central += header + name
                } else {
                    bytes += header + name + entry.data
                }
            }
        }
        let count = endRecordEntryCount ?? UInt16(entries.count)
        var end: [UInt8] = []
        end.appendLittleEndian(UInt32(0x0605_4B50))
        end.appendLittleEndian(UInt32(0))
        end.appendLittleEndian(count)
        end.appendLittleEndian(count)
        end.appendLittleEndian(UInt32(central.count))
        end.appendLittleEndian(UInt32(bytes.count))
        end.appendLittleEndian(UInt16(0))
        return bytes + central + end
    }

    /// A whole archive from `ZipWriter`.
    static func written(_ files: [(String, [UInt8])], modified: Date = Date(timeIntervalSince1970: 1e9)) -> [UInt8] {
        var writer = ZipWriter()
        var bytes: [UInt8] = []
        for (path, contents) in files {
            bytes += writer.add(path: path, contents: contents, modified: modified)
        }
        return bytes + writer.finish()
    }
}
