import HabitsDomain
import Testing

/// Reads a PNG the way an image viewer must: every chunk's CRC, the zlib stream (stored blocks, as
/// our encoder writes) with its Adler-32, and the filtered scanlines.
private struct DecodedPNG {
    var width = 0
    var height = 0
    var pixels: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        struct Invalid: Error { let reason: String }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Invalid(reason: "signature")
        }
        func u32(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        var offset = 8
        var idat: [UInt8] = []
        var sawEnd = false
        while offset < bytes.count {
            let length = Int(u32(offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            guard u32(offset + 8 + length) == crc32(Array(bytes[(offset + 4)..<(offset + 8)]) + data) else {
                throw Invalid(reason: "CRC of \(type)")
            }
            switch type {
            case "IHDR":
                width = Int(u32(offset + 8))
                height = Int(u32(offset + 12))
                guard data[8] == 8, data[9] == 2 else { throw Invalid(reason: "not 8-bit RGB") }
            case "IDAT": idat += data
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
        }
        guard sawEnd else { throw Invalid(reason: "no IEND") }
        guard idat.count >= 6, (UInt16(idat[0]) << 8 | UInt16(idat[1])) % 31 == 0 else {
            throw Invalid(reason: "zlib header")
        }
        var raw: [UInt8] = []
        var position = 2
        while true {
            let header = idat[position]
            guard header & 0b110 == 0 else { throw Invalid(reason: "only stored blocks expected") }
            let length = Int(idat[position + 1]) | Int(idat[position + 2]) << 8
            let complement = Int(idat[position + 3]) | Int(idat[position + 4]) << 8
            guard length ^ 0xFFFF == complement else { throw Invalid(reason: "stored block length") }
            raw += idat[(position + 5)..<(position + 5 + length)]
            position += 5 + length
            if header & 1 == 1 { break }
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = idat[position..<(position + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard adler == b << 16 | a else { throw Invalid(reason: "Adler-32") }
        let stride = width * 3 + 1
        guard raw.count == height * stride else { throw Invalid(reason: "scanline count") }
        for row in 0..<height {
            guard raw[row * stride] == 0 else { throw Invalid(reason: "filter") }
            pixels += raw[(row * stride + 1)..<((row + 1) * stride)]
        }
    }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

@Suite struct PNGDecodingTests {
    @Test func encodedPixelsDecodeBackExactly() throws {
        var pixels: [UInt8] = []
        for index in 0..<(7 * 5) { pixels += [UInt8(index), UInt8(255 - index), UInt8(index * 7 % 256)] }
        let png = PNGEncoder.encode(width: 7, height: 5, rgb: pixels)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded.pixels == pixels)
    }

    @Test func largeImagesSpanSeveralStoredBlocks() throws {
        // 200×200 RGB is 120,200 bytes of scanlines: two 64 KiB stored blocks.
        let pixels = (0..<(200 * 200 * 3)).map { UInt8($0 % 251) }
        let decoded = try DecodedPNG(PNGEncoder.encode(width: 200, height: 200, rgb: pixels))
        #expect(decoded.pixels == pixels)
    }

    @Test func avatarsDecodeAndUseTheUsersColour() throws {
        let user = User(id: "ann", name: "Ann", color: Color(hue: 0, saturation: 1, brightness: 1))
        let decoded = try DecodedPNG(Avatar.png(for: user, size: 60))
        #expect(decoded.width == 60 && decoded.height == 60)
        var colours = Set<[UInt8]>()
        for index in stride(from: 0, to: decoded.pixels.count, by: 3) {
            colours.insert(Array(decoded.pixels[index..<(index + 3)]))
        }
        #expect(colours == [[255, 0, 0], [242, 242, 245]])
    }
}
