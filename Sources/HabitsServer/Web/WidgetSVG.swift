import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsScreens

/// A widget drawn as a self-contained SVG image from its document: the sections laid out by
/// `CompositionalLayout` at the family's size, each item drawn in its frame by its type.
///
/// Self-contained: no script, no style sheet, no font, image or link from elsewhere, so it works in an
/// `<img>`, a README or a chat preview. Every piece of text goes through `HTMLEscaper.escapeForXML`; colours
/// are `#rrggbb` only (`WidgetStyle.checked(for:)`); numbers are written by the renderer. `role="img"`
/// with `<title>` and `<desc>` says what it shows to people who do not see it.
struct WidgetSVG {
    let family: WidgetFamily
    let document: ScreenDocument
    let style: WidgetStyle
    let palette: WidgetPalette

    init(family: WidgetFamily, document: ScreenDocument, style: WidgetStyle) {
        self.family = family
        self.document = document
        self.style = style
        palette = WidgetPalette(style)
    }

    /// The fonts people already have: the system's, then Noto's (Korean, emoji) where Linux has them.
    static let fontFamily =
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK KR', Helvetica, Arial, "
        + "sans-serif, 'Noto Color Emoji'"

    /// The image, as UTF-8 text.
    ///
    /// - Complexity: O(n) in the document's items.
    func render() throws -> String {
        let size = Size(width: Double(family.defaultWidth), height: Double(family.defaultHeight))
        let engine = try LayoutEngine(
            layout: CompositionalLayout(sections: document.sections.map(\.layout)), containerSize: size,
            itemCounts: document.sections.map(\.items.count))
        let width = style.width ?? family.defaultWidth
        let radius = style.borderRadius ?? 16
        var svg = SVGText()
        svg.open(
            "svg",
            #"xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(family.height(forWidth: width))" "#
                + #"viewBox="0 0 \#(family.defaultWidth) \#(family.defaultHeight)" role="img" "#
                + #"aria-labelledby="widget-title widget-desc" font-family="\#(Self.fontFamily)""#)
        svg.element("title", #"id="widget-title""#, text: title)
        svg.element("desc", #"id="widget-desc""#, text: description)
        let border = style.hideBorder == true ? "" : #" stroke="\#(palette.ring)" stroke-width="1""#
        svg.empty(
            "rect",
            #"x="0.5" y="0.5" width="\#(family.defaultWidth - 1)" height="\#(family.defaultHeight - 1)" "#
                + #"rx="\#(radius)" fill="\#(palette.background)"\#(border)"#)
        for attributes in engine.allAttributes() {
            let path = attributes.indexPath
            guard document.sections.indices.contains(path.section) else { continue }
            let section = document.sections[path.section]
            let frame = attributes.frame
            switch attributes.category {
            case .cell:
                guard section.items.indices.contains(path.item) else { continue }
                draw(section.items[path.item].content, in: frame, into: &svg)
            case .supplementaryView where attributes.elementKind == "header":
                guard let header = section.header else { continue }
                // A header inside the section's insets lines up with its items; one across the widget, with its edge.
                let inset = frame.origin.x >= 10 ? 2.0 : 14.0
                svg.text(
                    header.title, x: frame.origin.x + inset, y: frame.origin.y + frame.size.height - 9, size: 13,
                    fill: palette.text, width: frame.size.width - 2 * inset, bold: true)
            default: continue
            }
        }
        svg.close("svg")
        return svg.text
    }

    /// What the image is: the document's title, and the family.
    var title: String {
        switch family {
        case .medium: "Today's habits"
        case .small, .large: "\(document.title): streak"
        case .card: "\(document.title): streak card"
        }
    }

    /// What it shows, in words: each item's fallback, as a client that cannot draw it would show it.
    var description: String {
        let items = document.items.compactMap { item -> String? in
            guard !item.fallback.title.isEmpty, item.content.as(CalendarWeekday.self) == nil else { return nil }
            return [item.fallback.title, item.fallback.subtitle].compactMap { $0 }.joined(separator: ": ")
        }
        let headers = document.sections.compactMap(\.header?.title).filter { $0 != document.title }
        return ([document.title] + headers + items).joined(separator: "; ")
    }
}

/// SVG written as text, element by element.
struct SVGText {
    private(set) var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    mutating func open(_ name: String, _ attributes: String) { text += "<\(name) \(attributes)>" }
    mutating func close(_ name: String) { text += "</\(name)>" }
    mutating func empty(_ name: String, _ attributes: String) { text += "<\(name) \(attributes)/>" }

    /// An element holding `text`, escaped.
    mutating func element(_ name: String, _ attributes: String, text content: String) {
        text += "<\(name) \(attributes)>\(HTMLEscaper.escapeForXML(content))</\(name)>"
    }

    /// One line of text at (`x`, `y`) (its baseline), cut to `width` when given.
    mutating func text(
        _ content: String, x: Double, y: Double, size: Double, fill: String, width: Double? = nil,
        anchor: String = "start", bold: Bool = false, opacity: Double = 1
    ) {
        let fitted = width.map { TextMeasure.fitted(content, width: $0, size: size) } ?? content
        var attributes = #"x="\#(Self.number(x))" y="\#(Self.number(y))" font-size="\#(Self.number(size))" "#
            + #"fill="\#(fill)""#
        if anchor != "start" { attributes += #" text-anchor="\#(anchor)""# }
        if bold { attributes += #" font-weight="600""# }
        if opacity < 1 { attributes += #" fill-opacity="\#(Self.number(opacity))""# }
        element("text", attributes, text: fitted)
    }

    /// A number as SVG takes it: at most two decimals, no exponent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }
}
