/// Fractions above this are reported: no layout in the product brief legitimately needs one.
let suspiciousFraction = 4.0

/// Checks descriptors before layout, throwing for the first invalid value and collecting diagnostics for suspicious
/// ones. Each check names the descriptor by its path.
struct DescriptorValidator {
    var diagnostics: [LayoutDiagnostic] = []

    /// A length: finite and not negative.
    mutating func check(_ value: Double, _ path: String) throws(LayoutError) {
        guard value.isFinite else { throw .nonFiniteValue(descriptor: path) }
        guard value >= 0 else { throw .negativeValue(descriptor: path, value: value) }
    }

    /// An offset: finite, of either sign.
    mutating func check(_ value: Double, _ path: String, allowNegative: Bool) throws(LayoutError) {
        guard value.isFinite else { throw .nonFiniteValue(descriptor: path) }
    }

    mutating func check(_ dimension: LayoutDimension, _ path: String) throws(LayoutError) {
        try check(dimension.value, path)
        switch dimension {
        case .fractionalWidth(let fraction), .fractionalHeight(let fraction):
            if fraction > suspiciousFraction {
                let shown = formatted(fraction)
                diagnostics.append(
                    LayoutDiagnostic(
                        descriptor: path,
                        message: "fraction \(shown) is far above 1: the element is \(shown) times its container; "
                            + "did you mean .absolute(\(shown))?"))
            }
        default: break
        }
    }

    mutating func check(_ size: LayoutSize, _ path: String) throws(LayoutError) {
        try check(size.widthDimension, path + ".widthDimension")
        try check(size.heightDimension, path + ".heightDimension")
    }

    mutating func check(_ insets: EdgeInsets, _ path: String) throws(LayoutError) {
        try check(insets.top, path + ".top")
        try check(insets.leading, path + ".leading")
        try check(insets.bottom, path + ".bottom")
        try check(insets.trailing, path + ".trailing")
    }

    mutating func check(_ spacing: LayoutSpacing?, _ path: String) throws(LayoutError) {
        if let spacing { try check(spacing.minimum, path) }
    }

    mutating func check(_ spacing: EdgeSpacing, _ path: String) throws(LayoutError) {
        try check(spacing.leading, path + ".leading")
        try check(spacing.top, path + ".top")
        try check(spacing.trailing, path + ".trailing")
        try check(spacing.bottom, path + ".bottom")
    }

    mutating func check(_ supplementaries: [SupplementaryItem], _ path: String) throws(LayoutError) {
        for (index, item) in supplementaries.enumerated() {
            let itemPath = "\(path).supplementaryItems[\(index)]"
            try check(item.layoutSize, itemPath + ".layoutSize")
            try check(item.containerAnchor.offset.x, itemPath + ".containerAnchor.offset.x", allowNegative: true)
            try check(item.containerAnchor.offset.y, itemPath + ".containerAnchor.offset.y", allowNegative: true)
        }
    }

    /// A group and, unless it is custom (whose frames come from its closure), its subitems.
    mutating func check(_ group: LayoutGroup, _ path: String) throws(LayoutError) {
        try check(group.layoutSize, path + ".layoutSize")
        try check(group.contentInsets, path + ".contentInsets")
        try check(group.edgeSpacing, path + ".edgeSpacing")
        try check(group.interItemSpacing, path + ".interItemSpacing")
        try check(group.supplementaryItems, path)
        if case .custom = group.kind { return }
        if group.subitems.isEmpty { throw .emptyGroup(descriptor: path) }
        if let count = group.count, count < 1 { throw .countBelowOne(descriptor: path, count: count) }
        for (index, child) in group.subitems.enumerated() {
            let childPath = "\(path).subitems[\(index)]"
            switch child {
            case .item(let item):
                try check(item.layoutSize, childPath + ".layoutSize")
                try check(item.contentInsets, childPath + ".contentInsets")
                try check(item.edgeSpacing, childPath + ".edgeSpacing")
                try check(item.supplementaryItems, childPath)
            case .group(let subgroup): try check(subgroup, childPath)
            }
        }
    }

    mutating func check(_ boundaryItems: [BoundarySupplementaryItem], _ path: String) throws(LayoutError) {
        for (index, item) in boundaryItems.enumerated() {
            let itemPath = "\(path).boundarySupplementaryItems[\(index)]"
            try check(item.layoutSize, itemPath + ".layoutSize")
            try check(item.contentInsets, itemPath + ".contentInsets")
            try check(item.offset.x, itemPath + ".offset.x", allowNegative: true)
            try check(item.offset.y, itemPath + ".offset.y", allowNegative: true)
        }
    }

    mutating func check(_ section: LayoutSection, _ path: String) throws(LayoutError) {
        try check(section.group, path + ".group")
        try check(section.contentInsets, path + ".contentInsets")
        try check(section.interGroupSpacing, path + ".interGroupSpacing")
        try check(section.boundarySupplementaryItems, path)
        for (index, decoration) in section.decorationItems.enumerated() {
            try check(decoration.contentInsets, "\(path).decorationItems[\(index)].contentInsets")
        }
    }

    mutating func check(_ configuration: LayoutConfiguration) throws(LayoutError) {
        try check(configuration.interSectionSpacing, "configuration.interSectionSpacing")
        try check(configuration.boundarySupplementaryItems, "configuration")
    }
}

extension CompositionalLayout {
    /// Throws the first invalid descriptor for `sectionCount` sections; returns the diagnostics.
    ///
    /// - Complexity: O(descriptor nodes of every section).
    public func validate(sectionCount: Int, environment: LayoutEnvironment) throws(LayoutError) -> [LayoutDiagnostic] {
        var validator = DescriptorValidator()
        try validator.check(configuration)
        for index in 0..<sectionCount {
            if let section = section(at: index, environment: environment) {
                try validator.check(section, "section[\(index)]")
            }
        }
        return validator.diagnostics
    }
}
