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
        var depth = 8
        var indexed = false
        var palette: [[UInt8]] = []
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
                depth = Int(data[8])
                indexed = data[9] == 3
                guard (data[8] == 8 && data[9] == 2) || (indexed && [1, 2, 4, 8].contains(depth)) else {
                    throw Invalid(reason: "neither 8-bit RGB nor indexed")
                }
            case "PLTE":
                guard data.count % 3 == 0 else { throw Invalid(reason: "palette length") }
                palette = stride(from: 0, to: data.count, by: 3).map { Array(data[$0..<($0 + 3)]) }
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
        let rowBytes = indexed ? (width * depth + 7) / 8 : width * 3
        let stride = rowBytes + 1
        guard raw.count == height * stride else { throw Invalid(reason: "scanline count") }
        for row in 0..<height {
            guard raw[row * stride] == 0 else { throw Invalid(reason: "filter") }
            let line = Array(raw[(row * stride + 1)..<((row + 1) * stride)])
            guard indexed else {
                pixels += line
                continue
            }
            for column in 0..<width {
                let bit = column * depth
                let index = Int(line[bit / 8] >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
                guard palette.indices.contains(index) else { throw Invalid(reason: "index outside the palette") }
                pixels += palette[index]
            }
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
        let user = CourseAPI.User(id: "ann", name: "Ann", color: Color(hue: 0, saturation: 1, brightness: 1))
        let decoded = try DecodedPNG(Avatar.png(for: user, size: 60))
        #expect(decoded.width == 60 && decoded.height == 60)
        var colours = Set<[UInt8]>()
        for index in stride(from: 0, to: decoded.pixels.count, by: 3) {
            colours.insert(Array(decoded.pixels[index..<(index + 3)]))
        }
        #expect(colours == [[255, 0, 0], [242, 242, 245]])
        // A bit per pixel: the default 120-pixel avatar is under 2 KB.
        #expect(Avatar.png(for: user).count < 2_048)
    }

    @Test(arguments: [2, 3, 5, 17])
    func indexedImagesDecodeBackExactlyAtEveryDepth(colours: Int) throws {
        let palette: [[UInt8]] = (0..<colours).map { index in
            let red = UInt8(index * 13 % 256)
            let green = UInt8(255 - index)
            let blue = UInt8(index * 7 % 256)
            return [red, green, blue]
        }
        // 11 pixels wide: rows end mid-byte at depths 1, 2 and 4.
        let indices: [UInt8] = (0..<(11 * 4)).map { pixel in UInt8((pixel * 5 + pixel / 11) % colours) }
        let decoded = try DecodedPNG(PNGEncoder.encode(width: 11, height: 4, palette: palette, indices: indices))
        #expect(decoded.width == 11 && decoded.height == 4)
        #expect(decoded.pixels == indices.flatMap { palette[Int($0)] })
    }
}
