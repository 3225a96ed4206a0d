extension LayoutEngine {
    /// A readable listing of every element and every diagnostic, one per line, for debugging and golden tests.
    ///
    /// - Complexity: O(all elements × log all elements).
    public var debugOutput: String {
        var lines = ["content \(contentSize)"]
        for diagnostic in diagnostics { lines.append("warning: \(diagnostic)") }
        for section in 0..<sections.count {
            if let scroller = orthogonalSection(section) {
                lines.append(
                    "section \(section) orthogonal \(scroller.behavior.rawValue) frame \(scroller.frame) "
                        + "content \(scroller.contentSize)")
            }
        }
        for attributes in allAttributes().sorted(by: Self.order) { lines.append(attributes.description) }
        return lines.joined(separator: "\n")
    }

    /// Orders attributes by category, kind, then index path, so listings are stable.
    static func order(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
        func key(_ attributes: LayoutAttributes) -> (String, String, Int, Int, Double, Double) {
            (
                attributes.category.rawValue, attributes.elementKind ?? "", attributes.indexPath.section,
                attributes.indexPath.item, attributes.frame.minY, attributes.frame.minX
            )
        }
        return key(lhs) < key(rhs)
    }

    /// An SVG picture of the layout: boxes labelled with index paths and kinds, orthogonal sections drawn with their
    /// overflow past the container, and diagnostics written at the top.
    ///
    /// - Complexity: O(all elements × log all elements).
    public func svg(scale: Double = 1) -> String {
        var width = contentSize.width
        var height = contentSize.height
        for section in 0..<sections.count {
            if let scroller = orthogonalSection(section) {
                width = max(width, scroller.frame.minX + scroller.contentSize.width)
                height = max(height, scroller.frame.minY + scroller.contentSize.height)
            }
        }
        let bannerHeight = Double(diagnostics.count) * 16
        // Bound the picture so a runaway fraction still yields a viewable file.
        width = min(width, 20_000)
        height = min(height, 200_000)
        var out = "<svg "
        out += Self.svgAttributes([
            "xmlns": "http://www.w3.org/2000/svg", "width": formatted(width * scale),
            "height": formatted((height + bannerHeight) * scale),
            "viewBox": "0 \(formatted(-bannerHeight)) \(formatted(width)) \(formatted(height + bannerHeight))",
            "font-family": "sans-serif", "font-size": "10",
        ])
        out += ">\n"
        let background = Rect(origin: .zero, size: Size(width: containerSize.width, height: contentSize.height))
        out += "<rect \(Self.svgBox(background)) fill=\"#fafafa\" stroke=\"#999\"/>\n"
        for (line, diagnostic) in diagnostics.enumerated() {
            let baseline = formatted(-bannerHeight + Double(line) * 16 + 12)
            out += "<text class=\"diagnostic\" x=\"2\" y=\"\(baseline)\" fill=\"#c00\">"
            out += "⚠ \(Self.escaped(diagnostic.description))</text>\n"
        }
        for section in 0..<sections.count {
            guard let scroller = orthogonalSection(section) else { continue }
            let scrolled = Rect(origin: scroller.frame.origin, size: scroller.contentSize)
            out += "<rect class=\"orthogonal\" \(Self.svgBox(scrolled)) "
            out += "fill=\"none\" stroke=\"#f80\" stroke-dasharray=\"4 2\"/>\n"
            let labelX = formatted(scroller.frame.minX + 2)
            let labelY = formatted(scroller.frame.minY - 2)
            let scrollLength = formatted(scroller.contentSize.width)
            out += "<text x=\"\(labelX)\" y=\"\(labelY)\" fill=\"#f80\">"
            out += "section \(section) \(scroller.behavior.rawValue) → \(scrollLength)</text>\n"
        }
        // Drawn back to front: by z-index, cells below other views of the same z-index.
        let drawingOrder = allAttributes().sorted {
            ($0.zIndex, $0.category == .cell ? 0 : 1) < ($1.zIndex, $1.category == .cell ? 0 : 1)
        }
        for attributes in drawingOrder {
            let style = SVGStyle(attributes.category)
            let frame = attributes.frame
            out += "<rect class=\"\(attributes.category.rawValue)\" \(Self.svgBox(frame)) "
            out += "fill=\"\(style.fill)\" stroke=\"\(style.stroke)\"/>\n"
            let indexPath = "\(attributes.indexPath.section).\(attributes.indexPath.item)"
            let label = attributes.category == .cell ? indexPath : "\(attributes.elementKind ?? "") \(indexPath)"
            out += "<text x=\"\(formatted(frame.minX + 2))\" y=\"\(formatted(frame.minY + 11))\">"
            out += "\(Self.escaped(label))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// `name="value"` pairs separated by spaces.
    private static func svgAttributes(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " ")
    }

    /// The `x`, `y`, `width` and `height` attributes of a rectangle.
    private static func svgBox(_ rect: Rect) -> String {
        svgAttributes([
            "x": formatted(rect.minX), "y": formatted(rect.minY), "width": formatted(rect.width),
            "height": formatted(rect.height),
        ])
    }

    /// `text` with the characters XML reserves escaped, scalar by scalar: a quote followed by a
    /// combining mark is one `Character` but still a quote to an XML parser.
    private static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

/// The colours an element category is drawn with.
private struct SVGStyle {
    var fill: String
    var stroke: String

    init(_ category: ElementCategory) {
        switch category {
        case .decorationView: (fill, stroke) = ("#eef", "#99c")
        case .cell: (fill, stroke) = ("#dfd", "#393")
        case .supplementaryView: (fill, stroke) = ("#ffd", "#aa3")
        }
    }
}
