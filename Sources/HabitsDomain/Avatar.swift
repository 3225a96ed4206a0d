/// Generated profile pictures: a symmetric 5×5 pattern in the user's colour, unique to their id.
public enum Avatar {
    /// The kinds of image the server accepts, recognised by their first bytes.
    public enum ImageKind: String, Sendable {
        case png = "image/png"
        case jpeg = "image/jpeg"

        /// The kind of the image in `bytes`, or nil when it is neither PNG nor JPEG.
        public init?(magic bytes: some Collection<UInt8>) {
            let prefix = Array(bytes.prefix(8))
            if prefix == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
                self = .png
            } else if prefix.count >= 3, prefix[0] == 0xFF, prefix[1] == 0xD8, prefix[2] == 0xFF {
                self = .jpeg
            } else {
                return nil
            }
        }
    }

    /// A PNG of `size`×`size` pixels for this user.
    public static func png(for user: CourseAPI.User, size: Int = 120) -> [UInt8] {
        let cells = 5
        let cell = max(size / (cells + 1), 1)
        let margin = (size - cell * cells) / 2
        let color = user.color ?? Color(hue: 0.58, saturation: 0.5, brightness: 0.75)
        let ink = rgb(color)
        let paper: (UInt8, UInt8, UInt8) = (242, 242, 245)

        // FNV-1a over the id picks the pattern, so it is stable across runs and platforms.
        let hash = FNV1a.hash(user.id.utf8)
        var filled = [[Bool]](repeating: [Bool](repeating: false, count: cells), count: cells)
        for row in 0..<cells {
            for column in 0..<3 {
                let on = (hash >> UInt64(row * 3 + column)) & 1 == 1
                filled[row][column] = on
                filled[row][cells - 1 - column] = on
            }
        }

        // Two colours: an indexed PNG, a bit per pixel.
        var indices = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let column = (x - margin) >= 0 ? (x - margin) / cell : -1
                let row = (y - margin) >= 0 ? (y - margin) / cell : -1
                let on = (0..<cells).contains(column) && (0..<cells).contains(row) && filled[row][column]
                indices[y * size + x] = on ? 1 : 0
            }
        }
        return PNGEncoder.encode(
            width: size, height: size, palette: [[paper.0, paper.1, paper.2], [ink.0, ink.1, ink.2]],
            indices: indices)
    }

    /// Converts hue, saturation and brightness to 8-bit RGB components.
    public static func rgbComponents(_ color: Color) -> [UInt8] {
        let (r, g, b) = rgb(color)
        return [r, g, b]
    }

    static func rgb(_ color: Color) -> (UInt8, UInt8, UInt8) {
        let h = (color.hue.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let s = min(max(color.saturation, 0), 1)
        let v = min(max(color.brightness, 0), 1)
        let i = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch i {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        return (UInt8((r * 255).rounded()), UInt8((g * 255).rounded()), UInt8((b * 255).rounded()))
    }
}
