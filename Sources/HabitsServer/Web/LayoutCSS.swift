import Foundation
import CompositionalLayout

/// A section's `CompositionalLayout` descriptor as CSS: the section's items are the cells of one grid,
/// so that a changeset moves, inserts and removes elements of one container.
///
/// Horizontal groups become grid rows (one cell per item, `gap` from the spacings, padding from the
/// insets); an orthogonal section's groups become grid columns scrolling sideways, with `scroll-snap`
/// for the paging behaviours. Fractional widths are percentages of the section's content width;
/// fractional heights relate to the viewport's height (`--viewport-height`, the container the engine
/// is given); estimated heights are `auto` with the estimate as the minimum.
struct LayoutCSS: Equatable, Sendable {
    /// Declarations of the element holding the items; what each item needs (its margin, its aspect
    /// ratio, its snap alignment) is set there as custom properties, so an item's HTML is the same in
    /// every section.
    var items: String
    /// Declarations of the header, when the layout has one.
    var header: String?
    /// Whether the header stays pinned while its section scrolls by.
    var pinnedHeader: Bool
    /// Whether the items scroll sideways.
    var scrollsSideways: Bool
    /// Whether the section has a background decoration.
    var hasBackground: Bool

    init(_ section: LayoutSection) {
        let group = section.group
        let insets = Self.sum(section.contentInsets, group.contentInsets)
        // Heights are the group's: the insets come on top of them.
        var items = ["display: grid", "box-sizing: content-box", "padding: \(Self.box(insets))"]
        let cell = Self.cell(of: group)
        var item = cell.map { Self.itemDeclarations($0) } ?? []
        let interItem = Self.length(group.interItemSpacing)
        let orthogonal = section.orthogonalScrollingBehavior != .none
        let perGroup = Self.itemsPerGroup(group)
        // The engine resolves fractional heights against the container less the section's vertical
        // insets, and an orthogonal section's fractional widths against the whole container width.
        let insetHeight = section.contentInsets.top + section.contentInsets.bottom
        let groupHeight = Self.height(group.layoutSize.heightDimension, insetHeight: insetHeight)
        switch (group.kind, orthogonal) {
        case (.vertical, true):
            // Each group is a column of `perGroup` items; columns scroll sideways. A counted group
            // divides its height evenly, whatever its item's own height says.
            let row =
                group.count == nil ? Self.rowLength(cell?.layoutSize.heightDimension) : "minmax(0, 1fr)"
            items += [
                "grid-auto-flow: column", "grid-template-rows: repeat(\(perGroup), \(row))",
                "grid-auto-columns: \(Self.sidewaysWidth(group.layoutSize.widthDimension, insetHeight: insetHeight))",
                "height: \(groupHeight)",
                "row-gap: \(interItem)px", "column-gap: \(Self.number(section.interGroupSpacing))px",
            ]
        case (_, true):
            // Each group is one column of a row that scrolls sideways.
            // The row is the group's height exactly: a taller content is clipped, as a cell's would be.
            items += [
                "grid-auto-flow: column", "grid-template-rows: minmax(0, 1fr)",
                "grid-auto-columns: \(Self.sidewaysWidth(group.layoutSize.widthDimension, insetHeight: insetHeight))",
                "height: \(groupHeight)", "column-gap: \(Self.number(section.interGroupSpacing))px",
            ]
        case (.horizontal, false) where Self.flows(group):
            // Cells as wide as their content (or of one fixed width), as many to a row as fit: the engine
            // starts a new group where the next cell would pass the row's end, as a wrapping flex box does.
            items[0] = "display: flex"
            let width = cell.map { Self.flowWidth($0.layoutSize.widthDimension) } ?? "auto"
            items += [
                "flex-wrap: wrap", "align-content: flex-start", "align-items: flex-start",
                "column-gap: \(interItem)px", "row-gap: \(Self.number(section.interGroupSpacing))px",
                "--flow-width: \(width)",
                "--flow-height: \(Self.rowHeight(group.layoutSize.heightDimension, insetHeight: insetHeight))",
            ]
        default:
            items += [
                "grid-template-columns: \(Self.columns(group, perGroup: perGroup))",
                "grid-auto-rows: \(Self.rowHeight(group.layoutSize.heightDimension, insetHeight: insetHeight))",
                "column-gap: \(interItem)px", "row-gap: \(Self.number(section.interGroupSpacing))px",
            ]
        }
        if orthogonal {
            items += ["overflow-x: auto", "overscroll-behavior-x: contain"]
            switch section.orthogonalScrollingBehavior {
            case .paging, .groupPaging:
                items.append("scroll-snap-type: x mandatory")
                item.append("--snap-align: start")
            case .groupPagingCentered:
                items.append("scroll-snap-type: x mandatory")
                item.append("--snap-align: center")
            default:
                break
            }
        }
        self.items = (items + item).joined(separator: "; ")
        let header = section.boundarySupplementaryItems.first { $0.elementKind == "header" }
        self.header = header.map { "height: \(Self.height($0.layoutSize.heightDimension, insetHeight: 0))" }
        pinnedHeader = header?.pinToVisibleBounds ?? false
        scrollsSideways = orthogonal
        hasBackground = !section.decorationItems.isEmpty
    }

    /// Every property `items` may declare. In a wide container, app.css sets each of them from its
    /// `--wide-` twin (`display: var(--wide-display) !important`), so that the wide layout's declarations
    /// replace the phone's whole: a property the wide layout leaves out falls back to its initial value.
    static let itemProperties = [
        "display", "box-sizing", "padding", "grid-auto-flow", "grid-template-rows", "grid-template-columns",
        "grid-auto-columns", "grid-auto-rows", "height", "min-height", "row-gap", "column-gap", "flex-wrap",
        "align-content", "align-items", "overflow-x", "overscroll-behavior-x", "scroll-snap-type",
        "--item-margin", "--item-aspect", "--snap-align", "--flow-width", "--flow-height",
    ]

    /// The declarations of `items` as the `--wide-` custom properties app.css reads in a wide container:
    /// inline styles cannot hold a container query, and a `<style>` element is outside the page's policy.
    var wideItems: String {
        items.split(separator: ";").compactMap { declaration -> String? in
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let property = parts[0].trimmingCharacters(in: .whitespaces)
            let name = property.hasPrefix("--") ? property.dropFirst(2) : Substring(property)
            return "--wide-\(name): \(parts[1].trimmingCharacters(in: .whitespaces))"
        }.joined(separator: "; ")
    }

    /// The properties `items` declares, in order.
    var declaredProperties: [String] {
        items.split(separator: ";").compactMap {
            $0.split(separator: ":", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether a horizontal group repeats one cell of estimated or absolute width across its row: a
    /// row of chips, or a grid of squares.
    static func flows(_ group: LayoutGroup) -> Bool {
        guard group.kind == .horizontal, group.count == nil, group.subitems.count == 1,
            case .item(let cell) = group.subitems[0]
        else { return false }
        switch cell.layoutSize.widthDimension {
        case .estimated, .absolute: return true
        default: return false
        }
    }

    /// A flowing cell's width: its own for an absolute width, its content's for an estimate.
    static func flowWidth(_ dimension: LayoutDimension) -> String {
        if case .absolute(let value) = dimension { return "\(number(value))px" }
        return "auto"
    }

    /// The first item of a group, looking into nested groups.
    static func cell(of group: LayoutGroup) -> LayoutItem? {
        for child in group.subitems {
            switch child {
            case .item(let item): return item
            case .group(let nested): if let item = cell(of: nested) { return item }
            }
        }
        return nil
    }

    static func size(of child: LayoutGroupChild) -> LayoutSize {
        switch child {
        case .item(let item): item.layoutSize
        case .group(let group): group.layoutSize
        }
    }

    /// How many items one group holds: its count, else its subitems (a single one repeated as often
    /// as its fractional width fits).
    static func itemsPerGroup(_ group: LayoutGroup) -> Int {
        if let count = group.count { return max(count, 1) }
        if group.subitems.count == 1, case .fractionalWidth(let fraction) = size(of: group.subitems[0]).widthDimension,
            fraction > 0, fraction < 1, group.kind == .horizontal
        {
            return max(Int((1 / fraction).rounded(.down)), 1)
        }
        return max(group.subitems.count, 1)
    }

    static func columns(_ group: LayoutGroup, perGroup: Int) -> String {
        guard group.kind == .horizontal else { return "minmax(0, 1fr)" }
        if group.count == nil, group.subitems.count > 1 {
            return group.subitems.map { cellWidth(size(of: $0).widthDimension, in: group) }.joined(separator: " ")
        }
        // Equal cells: a counted group divides its width, and a fractional cell repeats.
        if let cell = cell(of: group), case .fractionalHeight = cell.layoutSize.widthDimension {
            return "repeat(\(perGroup), \(width(group.layoutSize.heightDimension)))"
        }
        return "repeat(\(perGroup), minmax(0, 1fr))"
    }

    /// A cell's width in a horizontal group: a fractional height is a share of the group's height.
    static func cellWidth(_ dimension: LayoutDimension, in group: LayoutGroup) -> String {
        guard case .fractionalHeight(let fraction) = dimension else { return width(dimension) }
        switch group.layoutSize.heightDimension {
        case .fractionalWidth(let groupFraction): return "\(number(groupFraction * fraction * 100))%"
        case .absolute(let height): return "\(number(height * fraction))px"
        default: return "minmax(0, 1fr)"
        }
    }

    static func itemDeclarations(_ item: LayoutItem) -> [String] {
        var declarations: [String] = []
        let insets = item.contentInsets
        if insets != .zero { declarations.append("--item-margin: \(box(insets))") }
        if case .fractionalHeight = item.layoutSize.widthDimension { declarations.append("--item-aspect: 1") }
        return declarations
    }

    static func rowHeight(_ dimension: LayoutDimension, insetHeight: Double) -> String {
        switch dimension {
        case .absolute(let value): "\(number(value))px"
        case .estimated(let value), .uniformAcrossSiblings(let value): "minmax(\(number(min(value, 44)))px, auto)"
        case .fractionalHeight(let fraction): containerHeight(fraction, insetHeight: insetHeight)
        case .fractionalWidth: "auto"
        }
    }

    /// A share of the container's height less the section's vertical insets.
    static func containerHeight(_ fraction: Double, insetHeight: Double) -> String {
        "calc((var(--viewport-height) - \(number(insetHeight))px) * \(number(fraction)))"
    }

    /// A group's width in a section that scrolls sideways: a fraction of the whole container's width
    /// (`.sections` is a size container, so `cqw` is its width).
    static func sidewaysWidth(_ dimension: LayoutDimension, insetHeight: Double) -> String {
        switch dimension {
        case .fractionalWidth(let fraction): "calc(100cqw * \(number(fraction)))"
        case .fractionalHeight(let fraction): containerHeight(fraction, insetHeight: insetHeight)
        default: width(dimension)
        }
    }

    static func rowLength(_ dimension: LayoutDimension?) -> String {
        switch dimension {
        case .fractionalHeight(let fraction)?: "\(number(fraction * 100))%"
        case .absolute(let value)?: "\(number(value))px"
        default: "minmax(0, 1fr)"
        }
    }

    static func width(_ dimension: LayoutDimension) -> String {
        switch dimension {
        case .fractionalWidth(let fraction): "\(number(fraction * 100))%"
        case .absolute(let value), .estimated(let value), .uniformAcrossSiblings(let value): "\(number(value))px"
        case .fractionalHeight(let fraction): "calc(var(--viewport-height) * \(number(fraction)))"
        }
    }

    static func height(_ dimension: LayoutDimension, insetHeight: Double) -> String {
        switch dimension {
        case .absolute(let value): "\(number(value))px"
        case .estimated(let value), .uniformAcrossSiblings(let value): "auto; min-height: \(number(value))px"
        case .fractionalHeight(let fraction): containerHeight(fraction, insetHeight: insetHeight)
        case .fractionalWidth(let fraction): "\(number(fraction * 100))vw"
        }
    }

    static func length(_ spacing: LayoutSpacing?) -> String {
        guard let spacing else { return "0" }
        switch spacing {
        case .fixed(let value), .flexible(let value): return number(value)
        }
    }

    static func sum(_ first: EdgeInsets, _ second: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: first.top + second.top, leading: first.leading + second.leading,
            bottom: first.bottom + second.bottom, trailing: first.trailing + second.trailing)
    }

    static func box(_ insets: EdgeInsets) -> String {
        [insets.top, insets.trailing, insets.bottom, insets.leading].map { "\(number($0))px" }.joined(separator: " ")
    }

    /// A number as CSS writes it: no trailing `.0`, at most three decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1_000).rounded() / 1_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
