import Checksum

/// Writes 8-bit RGB and indexed-colour images as PNG, uncompressed (stored deflate blocks), with no
/// dependencies but the package's own `Checksum` for the chunks' CRC-32.
public enum PNGEncoder {
    /// Encodes an image of at most 256 colours: `palette` holds RGB triples, `indices` one palette
    /// index per pixel, row-major. Rows are packed at the smallest bit depth the palette allows, so a
    /// two-colour avatar of 120×120 takes under 2 KB instead of 43 KB as RGB.
    /// - Precondition: 1–256 colours, `width * height` indices, each naming a colour.
    public static func encode(width: Int, height: Int, palette: [[UInt8]], indices: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && indices.count == width * height, "index buffer size")
        precondition((1...256).contains(palette.count) && palette.allSatisfy { $0.count == 3 }, "palette")
        precondition(indices.allSatisfy { Int($0) < palette.count }, "indices within the palette")
        let depth = palette.count <= 2 ? 1 : palette.count <= 4 ? 2 : palette.count <= 16 ? 4 : 8
        let perByte = 8 / depth
        let rowBytes = (width + perByte - 1) / perByte
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (rowBytes + 1))
        for row in 0..<height {
            raw.append(0)  // filter type: none
            var packed = [UInt8](repeating: 0, count: rowBytes)
            for column in 0..<width {
                // The leftmost pixel takes the most significant bits.
                let shift = 8 - depth * (column % perByte + 1)
                packed[column / perByte] |= indices[row * width + column] << UInt8(shift)
            }
            raw.append(contentsOf: packed)
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [UInt8(depth), 3, 0, 0, 0])  // colour type 3: indexed
        appendChunk("IHDR", header, to: &png)
        appendChunk("PLTE", palette.flatMap { $0 }, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Encodes `pixels` (row-major RGB triples, `width * height * 3` bytes) as a PNG file.
    /// - Precondition: the pixel buffer has exactly `width * height * 3` bytes.
    public static func encode(width: Int, height: Int, rgb pixels: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixel buffer size")
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for row in 0..<height {
            raw.append(0)  // filter type: none
            raw.append(contentsOf: pixels[(row * width * 3)..<((row + 1) * width * 3)])
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // depth 8, colour type RGB, deflate, no filter set, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        png.appendBigEndian(CRC32.checksum(typeBytes + data))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            out.append(contentsOf: data[offset..<(offset + length)])
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.appendBigEndian(b << 16 | a)
        return out
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
