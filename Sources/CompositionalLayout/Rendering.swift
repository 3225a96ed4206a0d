extension LayoutEngine {
    /// A readable listing of every element and every diagnostic, one per line, for debugging and golden tests. O(all elements).
    public var debugOutput: String {
        var lines = ["content \(contentSize)"]
        for d in diagnostics { lines.append("warning: \(d)") }
        for s in 0..<sections.count {
            if let o = orthogonalSection(s) {
                lines.append("section \(s) orthogonal \(o.behavior.rawValue) frame \(o.frame) content \(o.contentSize)")
            }
        }
        for a in allAttributes().sorted(by: Self.order) { lines.append(a.description) }
        return lines.joined(separator: "\n")
    }

    /// Orders attributes by category, kind, then index path, so listings are stable.
    static func order(_ x: LayoutAttributes, _ y: LayoutAttributes) -> Bool {
        (x.category.rawValue, x.elementKind ?? "", x.indexPath.section, x.indexPath.item, x.frame.minY, x.frame.minX)
            < (
                y.category.rawValue, y.elementKind ?? "", y.indexPath.section, y.indexPath.item, y.frame.minY,
                y.frame.minX
            )
    }

    /// An SVG picture of the layout: boxes labelled with index paths and kinds, orthogonal sections drawn with their
    /// overflow past the container, and diagnostics written at the top. O(all elements).
    public func svg(scale: Double = 1) -> String {
        var width = contentSize.width, height = contentSize.height
        for s in 0..<sections.count {
            if let o = orthogonalSection(s) {
                width = max(width, o.frame.minX + o.contentSize.width)
                height = max(height, o.frame.minY + o.contentSize.height)
            }
        }
        let bannerHeight = Double(diagnostics.count) * 16
        // Bound the picture so a runaway fraction still yields a viewable file.
        width = min(width, 20_000)
        height = min(height, 200_000)
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(formatted(width * scale))\" height=\"\(formatted((height + bannerHeight) * scale))\" "
        out +=
            "viewBox=\"0 \(formatted(-bannerHeight)) \(formatted(width)) \(formatted(height + bannerHeight))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        out +=
            "<rect x=\"0\" y=\"0\" width=\"\(formatted(containerSize.width))\" height=\"\(formatted(contentSize.height))\" fill=\"#fafafa\" stroke=\"#999\"/>\n"
        for (n, d) in diagnostics.enumerated() {
            out +=
                "<text class=\"diagnostic\" x=\"2\" y=\"\(formatted(-bannerHeight + Double(n) * 16 + 12))\" fill=\"#c00\">⚠ \(escaped(d.description))</text>\n"
        }
        for s in 0..<sections.count {
            guard let o = orthogonalSection(s) else { continue }
            out +=
                "<rect class=\"orthogonal\" x=\"\(formatted(o.frame.minX))\" y=\"\(formatted(o.frame.minY))\" width=\"\(formatted(o.contentSize.width))\" height=\"\(formatted(o.contentSize.height))\" fill=\"none\" stroke=\"#f80\" stroke-dasharray=\"4 2\"/>\n"
            out +=
                "<text x=\"\(formatted(o.frame.minX + 2))\" y=\"\(formatted(o.frame.minY - 2))\" fill=\"#f80\">section \(s) \(o.behavior.rawValue) → \(formatted(o.contentSize.width))</text>\n"
        }
        let styles: [ElementCategory: (String, String)] = [
            .decorationView: ("#eef", "#99c"), .cell: ("#dfd", "#393"), .supplementaryView: ("#ffd", "#aa3"),
        ]
        for a in allAttributes().sorted(by: {
            ($0.zIndex, $0.category == .cell ? 0 : 1) < ($1.zIndex, $1.category == .cell ? 0 : 1)
        }) {
            let (fill, stroke) = styles[a.category]!
            let f = a.frame
            out +=
                "<rect class=\"\(a.category.rawValue)\" x=\"\(formatted(f.minX))\" y=\"\(formatted(f.minY))\" width=\"\(formatted(f.width))\" height=\"\(formatted(f.height))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>\n"
            let label =
                a.category == .cell
                ? "\(a.indexPath.section).\(a.indexPath.item)"
                : "\(a.elementKind ?? "") \(a.indexPath.section).\(a.indexPath.item)"
            out += "<text x=\"\(formatted(f.minX + 2))\" y=\"\(formatted(f.minY + 11))\">\(escaped(label))</text>\n"
        }
        return out + "</svg>\n"
    }

    private func escaped(_ s: String) -> String {
        var r = ""
        for ch in s {
            switch ch {
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "&": r += "&amp;"
            case "\"": r += "&quot;"
            default: r.append(ch)
            }
        }
        return r
    }
}
