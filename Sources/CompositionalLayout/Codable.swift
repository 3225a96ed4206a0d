// The JSON form is documented in Docs/CompositionalLayout.md: keys with default values may be omitted,
// enums with a payload are single-key objects ({"absolute": 44}), closures (custom groups, providers) do not encode.

/// String-keyed coding keys so each type can list its JSON keys inline.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

typealias Reader = KeyedDecodingContainer<JSONKey>
typealias Writer = KeyedEncodingContainer<JSONKey>

extension KeyedDecodingContainer where K == JSONKey {
    func value<T: Decodable>(_ key: String) throws -> T { try decode(T.self, forKey: JSONKey(key)) }
    func value<T: Decodable>(_ key: String, default d: T) throws -> T {
        try decodeIfPresent(T.self, forKey: JSONKey(key)) ?? d
    }
    func optional<T: Decodable>(_ key: String) throws -> T? { try decodeIfPresent(T.self, forKey: JSONKey(key)) }
    /// The single key of a one-key object naming an enum case.
    func singleKey(_ type: String) throws -> String {
        guard allKeys.count == 1, let key = allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(type) must be an object with exactly one key"))
        }
        return key.stringValue
    }
}

extension KeyedEncodingContainer where K == JSONKey {
    mutating func put<T: Encodable>(_ v: T, _ key: String) throws { try encode(v, forKey: JSONKey(key)) }
    /// Writes `v` unless it equals the default, keeping documents short.
    mutating func put<T: Encodable & Equatable>(_ v: T, _ key: String, default d: T) throws {
        if v != d { try encode(v, forKey: JSONKey(key)) }
    }
    mutating func put<T: Encodable>(_ v: T?, _ key: String) throws { if let v { try encode(v, forKey: JSONKey(key)) } }
}

func unknownCase(_ c: Reader, _ key: String, _ type: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "unknown \(type) \"\(key)\""))
}

extension LayoutDimension: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let key = try c.singleKey("dimension")
        let v: Double = try c.value(key)
        switch key {
        case "fractionalWidth": self = .fractionalWidth(v)
        case "fractionalHeight": self = .fractionalHeight(v)
        case "absolute": self = .absolute(v)
        case "estimated": self = .estimated(v)
        case "uniformAcrossSiblings": self = .uniformAcrossSiblings(estimate: v)
        default: throw unknownCase(c, key, "dimension")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .fractionalWidth(let v): try c.put(v, "fractionalWidth")
        case .fractionalHeight(let v): try c.put(v, "fractionalHeight")
        case .absolute(let v): try c.put(v, "absolute")
        case .estimated(let v): try c.put(v, "estimated")
        case .uniformAcrossSiblings(let v): try c.put(v, "uniformAcrossSiblings")
        }
    }
}

extension LayoutSize: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(widthDimension: try c.value("width"), heightDimension: try c.value("height"))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(widthDimension, "width")
        try c.put(heightDimension, "height")
    }
}

extension LayoutSpacing: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let key = try c.singleKey("spacing")
        switch key {
        case "fixed": self = .fixed(try c.value(key))
        case "flexible": self = .flexible(try c.value(key))
        default: throw unknownCase(c, key, "spacing")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .fixed(let v): try c.put(v, "fixed")
        case .flexible(let v): try c.put(v, "flexible")
        }
    }
}

extension EdgeInsets: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            top: try c.value("top", default: 0), leading: try c.value("leading", default: 0),
            bottom: try c.value("bottom", default: 0), trailing: try c.value("trailing", default: 0))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(top, "top", default: 0)
        try c.put(leading, "leading", default: 0)
        try c.put(bottom, "bottom", default: 0)
        try c.put(trailing, "trailing", default: 0)
    }
}

extension EdgeSpacing: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            leading: try c.optional("leading"), top: try c.optional("top"), trailing: try c.optional("trailing"),
            bottom: try c.optional("bottom"))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(leading, "leading")
        try c.put(top, "top")
        try c.put(trailing, "trailing")
        try c.put(bottom, "bottom")
    }
}

extension LayoutAnchor: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let edges: [String] = try c.value("edges")
        var set: RectEdges = []
        for e in edges {
            switch e {
            case "top": set.insert(.top)
            case "leading": set.insert(.leading)
            case "bottom": set.insert(.bottom)
            case "trailing": set.insert(.trailing)
            default: throw unknownCase(c, e, "edge")
            }
        }
        self.edges = set
        offset = try c.value("offset", default: .zero)
        isFractionalOffset = try c.value("fractionalOffset", default: false)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        let names: [(RectEdges, String)] = [
            (.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing"),
        ]
        try c.put(names.filter { edges.contains($0.0) }.map(\.1), "edges")
        try c.put(offset, "offset", default: .zero)
        try c.put(isFractionalOffset, "fractionalOffset", default: false)
    }
}

extension SupplementaryItem: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try c.value("size"), elementKind: try c.value("elementKind"),
            containerAnchor: try c.value("containerAnchor"),
            itemAnchor: try c.optional("itemAnchor"), zIndex: try c.value("zIndex", default: 1))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(elementKind, "elementKind")
        try c.put(layoutSize, "size")
        try c.put(containerAnchor, "containerAnchor")
        try c.put(itemAnchor, "itemAnchor")
        try c.put(zIndex, "zIndex", default: 1)
    }
}

extension BoundarySupplementaryItem: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try c.value("size"), elementKind: try c.value("elementKind"),
            alignment: try c.value("alignment"),
            absoluteOffset: try c.value("offset", default: .zero),
            pinToVisibleBounds: try c.value("pinToVisibleBounds", default: false),
            extendsBoundary: try c.value("extendsBoundary", default: true), zIndex: try c.value("zIndex", default: 1),
            contentInsets: try c.value("contentInsets", default: .zero))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(elementKind, "elementKind")
        try c.put(layoutSize, "size")
        try c.put(alignment, "alignment")
        try c.put(offset, "offset", default: .zero)
        try c.put(pinToVisibleBounds, "pinToVisibleBounds", default: false)
        try c.put(extendsBoundary, "extendsBoundary", default: true)
        try c.put(zIndex, "zIndex", default: 1)
        try c.put(contentInsets, "contentInsets", default: .zero)
    }
}

extension DecorationItem: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            elementKind: try c.value("elementKind"), zIndex: try c.value("zIndex", default: -1),
            contentInsets: try c.value("contentInsets", default: .zero))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(elementKind, "elementKind")
        try c.put(zIndex, "zIndex", default: -1)
        try c.put(contentInsets, "contentInsets", default: .zero)
    }
}

extension LayoutItem: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try c.value("size"), supplementaryItems: try c.value("supplementaryItems", default: []),
            contentInsets: try c.value("contentInsets", default: .zero),
            edgeSpacing: try c.value("edgeSpacing", default: EdgeSpacing()))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(layoutSize, "size")
        try c.put(contentInsets, "contentInsets", default: .zero)
        try c.put(edgeSpacing, "edgeSpacing", default: EdgeSpacing())
        try c.put(supplementaryItems, "supplementaryItems", default: [])
    }
}

extension LayoutGroupChild: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let key = try c.singleKey("subitem")
        switch key {
        case "item": self = .item(try c.value(key))
        case "group": self = .group(try c.value(key))
        default: throw unknownCase(c, key, "subitem")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .item(let i): try c.put(i, "item")
        case .group(let g): try c.put(g, "group")
        }
    }
}

extension LayoutGroup: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let kindName: String = try c.value("kind")
        let kind: GroupKind
        switch kindName {
        case "horizontal": kind = .horizontal
        case "vertical": kind = .vertical
        default: throw unknownCase(c, kindName, "group kind (custom groups cannot be decoded)")
        }
        self.init(
            kind: kind, layoutSize: try c.value("size"), subitems: try c.value("subitems"),
            count: try c.optional("count"),
            interItemSpacing: try c.optional("interItemSpacing"),
            contentInsets: try c.value("contentInsets", default: .zero),
            edgeSpacing: try c.value("edgeSpacing", default: EdgeSpacing()),
            supplementaryItems: try c.value("supplementaryItems", default: []))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch kind {
        case .horizontal: try c.put("horizontal", "kind")
        case .vertical: try c.put("vertical", "kind")
        case .custom(let custom):
            throw EncodingError.invalidValue(
                custom.name,
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "custom group \"\(custom.name)\" is a closure and cannot be encoded"))
        }
        try c.put(layoutSize, "size")
        try c.put(subitems, "subitems")
        try c.put(count, "count")
        try c.put(interItemSpacing, "interItemSpacing")
        try c.put(contentInsets, "contentInsets", default: .zero)
        try c.put(edgeSpacing, "edgeSpacing", default: EdgeSpacing())
        try c.put(supplementaryItems, "supplementaryItems", default: [])
    }
}

extension LayoutSection: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            group: try c.value("group"), contentInsets: try c.value("contentInsets", default: .zero),
            contentInsetsReference: try c.value("contentInsetsReference", default: .automatic),
            interGroupSpacing: try c.value("interGroupSpacing", default: 0),
            orthogonalScrollingBehavior: try c.value("orthogonalScrollingBehavior", default: .none),
            boundarySupplementaryItems: try c.value("boundarySupplementaryItems", default: []),
            decorationItems: try c.value("decorationItems", default: []),
            supplementariesFollowContentInsets: try c.value("supplementariesFollowContentInsets", default: true))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(group, "group")
        try c.put(contentInsets, "contentInsets", default: .zero)
        try c.put(contentInsetsReference, "contentInsetsReference", default: .automatic)
        try c.put(interGroupSpacing, "interGroupSpacing", default: 0)
        try c.put(orthogonalScrollingBehavior, "orthogonalScrollingBehavior", default: .none)
        try c.put(boundarySupplementaryItems, "boundarySupplementaryItems", default: [])
        try c.put(decorationItems, "decorationItems", default: [])
        try c.put(supplementariesFollowContentInsets, "supplementariesFollowContentInsets", default: true)
    }
}

extension LayoutConfiguration: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            scrollDirection: try c.value("scrollDirection", default: .vertical),
            interSectionSpacing: try c.value("interSectionSpacing", default: 0),
            boundarySupplementaryItems: try c.value("boundarySupplementaryItems", default: []),
            contentInsetsReference: try c.value("contentInsetsReference", default: .automatic))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(scrollDirection, "scrollDirection", default: .vertical)
        try c.put(interSectionSpacing, "interSectionSpacing", default: 0)
        try c.put(boundarySupplementaryItems, "boundarySupplementaryItems", default: [])
        try c.put(contentInsetsReference, "contentInsetsReference", default: .automatic)
    }
}

extension ListConfiguration: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            appearance: try c.value("appearance"), headerMode: try c.value("headerMode", default: .none),
            footerMode: try c.value("footerMode", default: .none),
            showsSeparators: try c.value("showsSeparators", default: true),
            estimatedRowHeight: try c.value("estimatedRowHeight", default: 44))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(appearance, "appearance")
        try c.put(headerMode, "headerMode", default: .none)
        try c.put(footerMode, "footerMode", default: .none)
        try c.put(showsSeparators, "showsSeparators", default: true)
        try c.put(estimatedRowHeight, "estimatedRowHeight", default: 44)
    }
}

extension CompositionalLayout: Codable {
    /// Exactly one of `section`, `sections` or `list`, plus an optional `configuration`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let configuration: LayoutConfiguration = try c.value("configuration", default: LayoutConfiguration())
        if let s: LayoutSection = try c.optional("section") {
            self.init(source: .uniform(s), configuration: configuration)
        } else if let s: [LayoutSection] = try c.optional("sections") {
            self.init(source: .perSection(s), configuration: configuration)
        } else if let l: ListConfiguration = try c.optional("list") {
            self.init(source: .list(l), configuration: configuration)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: c.codingPath, debugDescription: "a layout needs \"section\", \"sections\" or \"list\""))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch source {
        case .uniform(let s): try c.put(s, "section")
        case .perSection(let s): try c.put(s, "sections")
        case .list(let l): try c.put(l, "list")
        case .provider(let name, _):
            throw EncodingError.invalidValue(
                name,
                .init(
                    codingPath: c.codingPath,
                    debugDescription: "section provider \"\(name)\" is a closure and cannot be encoded"))
        }
        try c.put(configuration, "configuration", default: LayoutConfiguration())
    }
}
