extension QRCode {
    /// A standalone `<svg>` element of the symbol: a white background and the dark modules as one black path.
    ///
    /// The image is (size + 2 × `quietZone`) × `moduleSize` pixels square; its view box counts in modules.
    /// Colours are presentation attributes, never `style`, so that a Content-Security-Policy without
    /// `style-src 'unsafe-inline'` lets it render; the white background keeps it scannable on a dark page.
    /// A `moduleSize` below 1 counts as 1 and a negative `quietZone` as 0. `title`, when given, becomes the
    /// `<title>` that names the image to assistive technology, with `&<>"'` escaped.
    ///
    /// - Complexity: O(*size*²).
    public func svg(moduleSize: Int = 4, quietZone: Int = 4, title: String? = nil) -> String {
        let moduleSize = max(moduleSize, 1)
        let quietZone = max(quietZone, 0)
        let side = size + 2 * quietZone
        let pixels = side * moduleSize
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(pixels)\" height=\"\(pixels)\""
        svg += " viewBox=\"0 0 \(side) \(side)\" role=\"img\" shape-rendering=\"crispEdges\">"
        if let title {
            svg += "<title>\(Self.escapingMarkup(title))</title>"
        }
        svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
        svg += "<path fill=\"#000\" d=\"\(pathData(offset: quietZone))\"/>"
        svg += "</svg>"
        return svg
    }

    /// The path data of the dark modules, one closed rectangle per horizontal run of dark modules in a row:
    /// `M x y h n v1 h-n z`, in module units shifted by `offset` for the quiet zone.
    func pathData(offset: Int) -> String {
        // Runs rather than single modules keep the path several times shorter.
        var data = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && self[x, y] { x += 1 }
                let length = x - start
                data += "M\(start + offset) \(y + offset)h\(length)v1h-\(length)z"
            }
        }
        return data
    }

    /// `text` with the five characters that are special in XML markup and attributes replaced by references.
    static func escapingMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
