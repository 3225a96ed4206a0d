import HabitsTestSupport
@testable import CompositionalLayout

/// A random, well-formed vertical layout: every child fits its group, so frames stay inside their section.
struct RandomLayout {
    var layout: CompositionalLayout
    var counts: [Int]
    var seed: Int

    init(seed: Int, badges: Bool = false) {
        self.seed = seed
        var generator = SplitMix(signedSeed: seed)
        let sectionCount = Int.random(in: 1...4, using: &generator)
        var sections: [LayoutSection] = []
        for _ in 0..<sectionCount { sections.append(Self.section(&generator, badges: badges)) }
        let config = LayoutConfiguration(interSectionSpacing: Double(Int.random(in: 0...20, using: &generator)))
        layout = CompositionalLayout(sections: sections, configuration: config)
        counts = (0..<sectionCount).map { _ in Int.random(in: 0...40, using: &generator) }
    }

    /// Deterministic sizes for estimated axes, from the index path alone.
    static let measure: SizeMeasurer = { request in
        let length = Double((request.indexPath.section * 31 + request.indexPath.item * 17) % 30 + 10)
        return Size(width: length, height: length)
    }

    static func section(_ generator: inout SplitMix, badges: Bool) -> LayoutSection {
        let horizontal = Bool.random(using: &generator)
        let groupAxisDimension: LayoutDimension =
            switch Int.random(in: 0...2, using: &generator) {
            case 0:
                horizontal
                    ? .fractionalWidth(Double.random(in: 0.5...1, using: &generator))
                    : .fractionalHeight(Double.random(in: 0.06...0.3, using: &generator))
            case 1: .absolute(Double.random(in: horizontal ? 175...350 : 50...200, using: &generator))
            // An estimated row width would size the row by its content and let it outgrow the section.
            default:
                horizontal
                    ? .absolute(Double.random(in: 175...350, using: &generator))
                    : .estimated(Double.random(in: 50...100, using: &generator))
            }
        let crossDimension: LayoutDimension =
            horizontal
            ? [.absolute(Double.random(in: 50...150, using: &generator)), .estimated(60), .fractionalHeight(0.1)][
                Int.random(in: 0...2, using: &generator)]
            : .fractionalWidth(Double.random(in: 0.5...1, using: &generator))
        let layoutSize =
            horizontal
            ? LayoutSize(widthDimension: groupAxisDimension, heightDimension: crossDimension)
            : LayoutSize(widthDimension: crossDimension, heightDimension: groupAxisDimension)
        let group = Self.group(&generator, horizontal: horizontal, layoutSize: layoutSize, depth: 0, badges: badges)
        let behaviors = OrthogonalScrollingBehavior.allCases
        var section = LayoutSection(group: group, interGroupSpacing: Double(Int.random(in: 0...12, using: &generator)))
        section.contentInsets = EdgeInsets(
            top: Double(Int.random(in: 0...20, using: &generator)),
            leading: Double(Int.random(in: 0...20, using: &generator)),
            bottom: Double(Int.random(in: 0...20, using: &generator)),
            trailing: Double(Int.random(in: 0...20, using: &generator)))
        section.orthogonalScrollingBehavior =
            Bool.random(using: &generator) ? .none : behaviors[Int.random(in: 0..<behaviors.count, using: &generator)]
        if Bool.random(using: &generator) {
            section.boundarySupplementaryItems.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(Double.random(in: 0.5...1, using: &generator)),
                        heightDimension: Bool.random(using: &generator) ? .absolute(30) : .estimated(30)),
                    elementKind: "header",
                    alignment: [.top, .topLeading, .topTrailing][Int.random(in: 0...2, using: &generator)],
                    pinToVisibleBounds: Bool.random(using: &generator)))
        }
        if Bool.random(using: &generator) {
            section.boundarySupplementaryItems.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(20)),
                    elementKind: "footer", alignment: .bottom,
                    extendsBoundary: Bool.random(using: &generator)))
        }
        if Bool.random(using: &generator) { section.decorationItems = [.background(elementKind: "background")] }
        section.supplementariesFollowContentInsets = Bool.random(using: &generator)
        return section
    }

    static func group(
        _ generator: inout SplitMix, horizontal: Bool, layoutSize: LayoutSize, depth: Int, badges: Bool
    ) -> LayoutGroup {
        let childCount = Int.random(in: 1...3, using: &generator)
        var children: [LayoutGroupChild] = []
        for _ in 0..<childCount {
            let crossFraction = Double.random(in: 0.2...1, using: &generator)
            let cross: LayoutDimension = horizontal ? .fractionalHeight(crossFraction) : .fractionalWidth(crossFraction)
            if depth == 0 && Int.random(in: 0...3, using: &generator) == 0 {
                let main: LayoutDimension =
                    horizontal
                    ? .fractionalWidth(Double.random(in: 0.5...1, using: &generator))
                    : .fractionalHeight(Double.random(in: 0.5...1, using: &generator))
                let nestedCross: LayoutDimension =
                    horizontal
                    ? .fractionalHeight(Double.random(in: 0.5...1, using: &generator))
                    : .fractionalWidth(Double.random(in: 0.5...1, using: &generator))
                let size =
                    horizontal
                    ? LayoutSize(widthDimension: main, heightDimension: nestedCross)
                    : LayoutSize(widthDimension: nestedCross, heightDimension: main)
                children.append(
                    .group(Self.group(&generator, horizontal: !horizontal, layoutSize: size, depth: 1, badges: badges)))
                continue
            }
            // Inside a nested group only fractions are used: a fixed or measured length could outgrow a nested group
            // whose
            // own length is a fraction of an estimate, which is allowed but is not what these properties are about.
            let main: LayoutDimension =
                switch depth == 0 ? Int.random(in: 0...3, using: &generator) : 0 {
                case 0:
                    horizontal
                        ? .fractionalWidth(Double.random(in: 0.1...1, using: &generator))
                        : .fractionalHeight(Double.random(in: 0.1...1, using: &generator))
                case 1: .absolute(Double.random(in: 10...36, using: &generator))
                case 2: .estimated(Double.random(in: 10...36, using: &generator))
                default: .uniformAcrossSiblings(estimate: Double.random(in: 10...36, using: &generator))
                }
            let size =
                horizontal
                ? LayoutSize(widthDimension: main, heightDimension: cross)
                : LayoutSize(widthDimension: cross, heightDimension: main)
            var item = LayoutItem(layoutSize: size)
            item.contentInsets = EdgeInsets(
                top: Double(Int.random(in: 0...3, using: &generator)),
                leading: Double(Int.random(in: 0...3, using: &generator)),
                bottom: Double(Int.random(in: 0...3, using: &generator)),
                trailing: Double(Int.random(in: 0...3, using: &generator)))
            if Bool.random(using: &generator) {
                item.edgeSpacing = EdgeSpacing(
                    leading: Bool.random(using: &generator) ? .fixed(2) : .flexible(1), top: .flexible(0),
                    bottom: Bool.random(using: &generator) ? .flexible(0) : nil)
            }
            if badges && Bool.random(using: &generator) {
                item.supplementaryItems = [
                    SupplementaryItem(
                        layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(12)),
                        elementKind: "badge",
                        containerAnchor: LayoutAnchor(
                            edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
                ]
            }
            children.append(.item(item))
        }
        var group =
            horizontal
            ? LayoutGroup.horizontal(layoutSize: layoutSize, subitems: children)
            : LayoutGroup.vertical(layoutSize: layoutSize, subitems: children)
        if Int.random(in: 0...2, using: &generator) == 0 {
            group.subitems = [children[0]]
            group.count = Int.random(in: 1...3, using: &generator)
        }
        group.interItemSpacing =
            Bool.random(using: &generator)
            ? .fixed(Double(Int.random(in: 0...6, using: &generator)))
            : .flexible(Double(Int.random(in: 0...4, using: &generator)))
        if badges && Int.random(in: 0...2, using: &generator) == 0 {
            group.supplementaryItems = [
                SupplementaryItem(
                    layoutSize: LayoutSize(widthDimension: .absolute(16), heightDimension: .absolute(8)),
                    elementKind: "groupBadge",
                    containerAnchor: LayoutAnchor(edges: [.bottom, .leading], absoluteOffset: Point(x: -4, y: 4)))
            ]
        }
        return group
    }
}
