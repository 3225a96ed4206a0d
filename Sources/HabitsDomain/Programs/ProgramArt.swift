import Checksum
import Foundation

/// The picture of a program that has none uploaded: a pattern in its category's colour, picked by its id,
/// as a small indexed PNG (three colours, two bits a pixel). The same id and colour always give the same bytes.
public enum ProgramArt {
    /// The picture's width in pixels (16:9, like a course card).
    public static let width = 240
    /// The picture's height in pixels.
    public static let height = 135

    /// The PNG of program `programID` in `color`.
    ///
    /// - Complexity: O(width × height).
    public static func png(programID: Int64, color: Color) -> [UInt8] {
        // FNV-1a over the id's digits, as `Avatar` hashes keys: stable across runs and platforms.
        let hash = FNV1a.hash(String(programID).utf8)
        let pattern = Int(hash % 3)
        let spacing = 12 + Int((hash >> 8) % 10)
        let ink = Avatar.rgbComponents(color)
        let shade = Avatar.rgbComponents(
            Color(hue: color.hue, saturation: color.saturation, brightness: max(color.brightness * 0.7, 0)))
        let paper = Avatar.rgbComponents(
            Color(hue: color.hue, saturation: color.saturation * 0.25, brightness: min(color.brightness + 0.1, 1)))
        var indices = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                indices[y * width + x] = shadeIndex(pattern: pattern, spacing: spacing, x: x, y: y)
            }
        }
        return PNGEncoder.encode(width: width, height: height, palette: [paper, ink, shade], indices: indices)
    }

    /// The palette index at (x, y): 0 paper, 1 the colour, 2 its shade.
    private static func shadeIndex(pattern: Int, spacing: Int, x: Int, y: Int) -> UInt8 {
        switch pattern {
        case 0:
            // Diagonal stripes, every third one shaded.
            let band = (x + y) / spacing
            return (x + y) % spacing < spacing / 2 ? (band % 3 == 0 ? 2 : 1) : 0
        case 1:
            // A grid of dots.
            let dx = x % spacing - spacing / 2
            let dy = y % spacing - spacing / 2
            let radius = spacing / 3
            return dx * dx + dy * dy <= radius * radius ? ((x / spacing + y / spacing) % 2 == 0 ? 1 : 2) : 0
        default:
            // Rings around the lower right corner.
            let dx = width - x
            let dy = height - y
            let ring = Int(Double(dx * dx + dy * dy).squareRoot()) / spacing
            return UInt8(ring % 3)
        }
    }
}

/// Checks that bytes are a whole PNG file before the server stores them: the signature, every chunk's
/// length and CRC, an `IHDR` first with a sane size, and `IEND` last.
public enum PNGCheck {
    /// The largest width or height accepted.
    public static let maximumSide = 4_096

    /// The image's width and height, or `HabitsError.invalid` on field `image` saying what is wrong.
    ///
    /// - Complexity: O(n) for the n bytes.
    public static func dimensions(of bytes: [UInt8]) throws(HabitsError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw .invalid(field: "image", reason: "is not a PNG file.") }
        func u32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var offset = signature.count
        var size: (width: Int, height: Int)?
        var sawEnd = false
        while offset < bytes.count {
            guard !sawEnd, bytes.count - offset >= 12 else {
                throw .invalid(field: "image", reason: "has bytes after its end or a cut chunk.")
            }
            let length = u32(offset)
            guard length <= bytes.count - offset - 12 else {
                throw .invalid(field: "image", reason: "has a chunk longer than the file.")
            }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard UInt32(u32(offset + 8 + length)) == CRC32.checksum(typeAndData) else {
                throw .invalid(field: "image", reason: "has a chunk whose checksum is wrong.")
            }
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            if size == nil {
                guard type == "IHDR", length == 13 else {
                    throw .invalid(field: "image", reason: "does not start with a PNG header chunk.")
                }
                size = (u32(offset + 8), u32(offset + 12))
            }
            sawEnd = type == "IEND"
            offset += 12 + length
        }
        guard let size, sawEnd else { throw .invalid(field: "image", reason: "is cut short (no IEND chunk).") }
        guard (1...maximumSide).contains(size.width), (1...maximumSide).contains(size.height) else {
            throw .invalid(field: "image", reason: "must be 1 to \(maximumSide) pixels wide and high.")
        }
        return size
    }
}
