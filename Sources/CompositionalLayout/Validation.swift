/// A descriptor that cannot be laid out; the message names the descriptor by its path.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    case negativeValue(descriptor: String, value: Double)
    case nonFiniteValue(descriptor: String)
    case emptyGroup(descriptor: String)
    case countBelowOne(descriptor: String, count: Int)
    case negativeItemCount(section: Int, count: Int)
    case invalidContainer(Size)

    public var description: String {
        switch self {
        case .negativeValue(let d, let v): return "\(d) is negative (\(formatted(v)))"
        case .nonFiniteValue(let d): return "\(d) is not a finite number"
        case .emptyGroup(let d): return "\(d) has no subitems"
        case .countBelowOne(let d, let c): return "\(d).count is \(c); it must be at least 1"
        case .negativeItemCount(let s, let c): return "section[\(s)] item count is \(c); it must not be negative"
        case .invalidContainer(let s): return "container size \(s) must be finite and not negative"
        }
    }
}

/// A descriptor that lays out but is probably a mistake (such as `fractionalWidth(160)`).
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public var descriptor: String
    public var message: String
    public var description: String { "\(descriptor): \(message)" }
}

/// Fractions above this are reported: no layout in the product brief legitimately needs one.
let suspiciousFraction = 4.0

/// Checks descriptors before layout, collecting diagnostics. O(descriptor nodes).
struct DescriptorValidator {
    var diagnostics: [LayoutDiagnostic] = []

    mutating func check(_ value: Double, _ path: String) throws(LayoutError) {
        guard value.isFinite else { throw .nonFiniteValue(descriptor: path) }
        guard value >= 0 else { throw .negativeValue(descriptor: path, value: value) }
    }
    mutating func check(_ d: LayoutDimension, _ path: String) throws(LayoutError) {
        try check(d.value, path)
        switch d {
        case .fractionalWidth(let f), .fractionalHeight(let f):
            if f > suspiciousFraction {
                diagnostics.append(
                    LayoutDiagnostic(
                        descriptor: path,
                        message:
                            "fraction \(formatted(f)) is far above 1: the element is \(formatted(f)) times its container; did you mean .absolute(\(formatted(f)))?"
                    ))
            }
        default: break
        }
    }
    mutating func check(_ s: LayoutSize, _ path: String) throws(LayoutError) {
        try check(s.widthDimension, path + ".widthDimension")
        try check(s.heightDimension, path + ".heightDimension")
    }
    mutating func check(_ i: EdgeInsets, _ path: String) throws(LayoutError) {
        try check(i.top, path + ".top")
        try check(i.leading, path + ".leading")
        try check(i.bottom, path + ".bottom")
        try check(i.trailing, path + ".trailing")
    }
    mutating func check(_ s: LayoutSpacing?, _ path: String) throws(LayoutError) {
        if let s { try check(s.minimum, path) }
    }
    mutating func check(_ e: EdgeSpacing, _ path: String) throws(LayoutError) {
        try check(e.leading, path + ".leading")
        try check(e.top, path + ".top")
        try check(e.trailing, path + ".trailing")
        try check(e.bottom, path + ".bottom")
    }
    mutating func check(_ s: [SupplementaryItem], _ path: String) throws(LayoutError) {
        for (n, item) in s.enumerated() {
            let p = "\(path).supplementaryItems[\(n)]"
            try check(item.layoutSize, p + ".layoutSize")
            try check(item.containerAnchor.offset.x, p + ".containerAnchor.offset.x", allowNegative: true)
            try check(item.containerAnchor.offset.y, p + ".containerAnchor.offset.y", allowNegative: true)
        }
    }
    mutating func check(_ v: Double, _ path: String, allowNegative: Bool) throws(LayoutError) {
        guard v.isFinite else { throw .nonFiniteValue(descriptor: path) }
    }
    mutating func check(_ g: LayoutGroup, _ path: String) throws(LayoutError) {
        try check(g.layoutSize, path + ".layoutSize")
        try check(g.contentInsets, path + ".contentInsets")
        try check(g.edgeSpacing, path + ".edgeSpacing")
        try check(g.interItemSpacing, path + ".interItemSpacing")
        try check(g.supplementaryItems, path)
        if case .custom = g.kind { return }
        if g.subitems.isEmpty { throw .emptyGroup(descriptor: path) }
        if let c = g.count, c < 1 { throw .countBelowOne(descriptor: path, count: c) }
        for (n, child) in g.subitems.enumerated() {
            let p = "\(path).subitems[\(n)]"
            switch child {
            case .item(let i):
                try check(i.layoutSize, p + ".layoutSize")
                try check(i.contentInsets, p + ".contentInsets")
                try check(i.edgeSpacing, p + ".edgeSpacing")
                try check(i.supplementaryItems, p)
            case .group(let sub): try check(sub, p)
            }
        }
    }
    mutating func check(_ b: [BoundarySupplementaryItem], _ path: String) throws(LayoutError) {
        for (n, item) in b.enumerated() {
            let p = "\(path).boundarySupplementaryItems[\(n)]"
            try check(item.layoutSize, p + ".layoutSize")
            try check(item.contentInsets, p + ".contentInsets")
            try check(item.offset.x, p + ".offset.x", allowNegative: true)
            try check(item.offset.y, p + ".offset.y", allowNegative: true)
        }
    }
    mutating func check(_ s: LayoutSection, _ path: String) throws(LayoutError) {
        try check(s.group, path + ".group")
        try check(s.contentInsets, path + ".contentInsets")
        try check(s.interGroupSpacing, path + ".interGroupSpacing")
        try check(s.boundarySupplementaryItems, path)
        for (n, d) in s.decorationItems.enumerated() {
            try check(d.contentInsets, "\(path).decorationItems[\(n)].contentInsets")
        }
    }
    mutating func check(_ c: LayoutConfiguration) throws(LayoutError) {
        try check(c.interSectionSpacing, "configuration.interSectionSpacing")
        try check(c.boundarySupplementaryItems, "configuration")
    }
}

extension CompositionalLayout {
    /// Throws the first invalid descriptor for `sectionCount` sections; returns the diagnostics. O(descriptor nodes).
    public func validate(sectionCount: Int, environment: LayoutEnvironment) throws(LayoutError) -> [LayoutDiagnostic] {
        var v = DescriptorValidator()
        try v.check(configuration)
        for s in 0..<sectionCount {
            if let section = section(at: s, environment: environment) { try v.check(section, "section[\(s)]") }
        }
        return v.diagnostics
    }
}
